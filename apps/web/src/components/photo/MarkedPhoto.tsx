import type { Annotation } from '@mathclub/shared';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import './photo.css';

// Fetched only when a photo has marks: the student's arena loads no drawing code for plain photos.
const AnnotationOverlay = lazy(() => import('./AnnotationOverlay').then((m) => ({ default: m.AnnotationOverlay })));

interface Props {
  src: string;
  alt: string;
  marks: readonly Annotation[];
  className?: string;
  /** Laid over the photo inside the same box (the editor's stroke in progress, for one). */
  children?: ReactNode;
  loading?: 'lazy' | 'eager';
}

/**
 * A photo with a teacher's marks over it (PRODUCT.md §14): the image sets the box's size, the SVG
 * overlay fills the same box, so the marks stay on their spots at any width (a phone's too).
 * Without marks it is just the image.
 */
export function MarkedPhoto({ src, alt, marks, className, children, loading = 'lazy' }: Props) {
  const [aspect, setAspect] = useState<number | null>(null);
  return (
    <span className={`marked-photo${className ? ` ${className}` : ''}`} data-testid="marked-photo" data-marks={marks.length}>
      <img
        src={src}
        alt={alt}
        loading={loading}
        className="marked-photo__image"
        onLoad={(e) => setAspect(e.currentTarget.naturalWidth / Math.max(1, e.currentTarget.naturalHeight))}
        draggable={false}
      />
      {marks.length > 0 && aspect ? (
        <Suspense fallback={null}>
          <AnnotationOverlay marks={marks} aspect={aspect} />
        </Suspense>
      ) : null}
      {children}
    </span>
  );
}
