import type { Annotation } from '@mathclub/shared';
import { memo } from 'react';
import { MARK_SIZES, strokePathData, symbolPathData, VIEW_WIDTH, viewHeight } from './marks-geometry';

interface Props {
  marks: readonly Annotation[];
  /** The photo's width / height: the viewBox has the same shape, so marks keep theirs. */
  aspect: number;
  /** A stroke still being drawn (the editor), drawn like the others. */
  extra?: Annotation | null;
  className?: string;
}

/** One mark as SVG; labels are React text nodes, so markup in them is only ever shown as text. */
function Mark({ mark, aspect }: { mark: Annotation; aspect: number }) {
  const h = viewHeight(aspect);
  const symbolWidth = MARK_SIZES.stroke * VIEW_WIDTH * 1.2;
  switch (mark.type) {
    case 'path':
      return <path d={strokePathData(mark.points, aspect)} fill={mark.color} data-mark="path" data-x={mark.points[0]![0]} data-y={mark.points[0]![1]} />;
    case 'tick':
    case 'cross':
      return (
        <path
          d={symbolPathData(mark.type, mark.x, mark.y, aspect)}
          fill="none"
          stroke={mark.color}
          strokeWidth={symbolWidth}
          strokeLinecap="round"
          strokeLinejoin="round"
          data-mark={mark.type}
          data-x={mark.x}
          data-y={mark.y}
        />
      );
    case 'circle':
      return (
        <circle cx={mark.x * VIEW_WIDTH} cy={mark.y * h} r={mark.r * VIEW_WIDTH} fill="none" stroke={mark.color} strokeWidth={symbolWidth * 0.8} data-mark="circle" data-x={mark.x} data-y={mark.y} />
      );
    case 'text':
      return (
        <text
          x={mark.x * VIEW_WIDTH}
          y={mark.y * h}
          fill={mark.color}
          fontSize={MARK_SIZES.label * VIEW_WIDTH}
          fontWeight={700}
          dominantBaseline="middle"
          // A white halo keeps a dark label readable over handwriting.
          stroke="#ffffff"
          strokeWidth={MARK_SIZES.label * VIEW_WIDTH * 0.18}
          paintOrder="stroke"
          data-mark="text"
          data-x={mark.x}
          data-y={mark.y}
        >
          {mark.text}
        </text>
      );
  }
}

/**
 * A teacher's marks (PRODUCT.md §14) over a photo: an SVG laid exactly over the image (the parent
 * is positioned, the SVG fills it), scaling with it at any size, on a phone too. The photo itself
 * is untouched.
 */
export const AnnotationOverlay = memo(function AnnotationOverlay({ marks, aspect, extra, className }: Props) {
  const h = viewHeight(aspect);
  return (
    <svg
      className={`annotation-overlay${className ? ` ${className}` : ''}`}
      viewBox={`0 0 ${VIEW_WIDTH} ${h.toFixed(2)}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      data-testid="annotation-overlay"
    >
      {marks.map((mark, i) => (
        <Mark key={i} mark={mark} aspect={aspect} />
      ))}
      {extra ? <Mark mark={extra} aspect={aspect} /> : null}
    </svg>
  );
});
