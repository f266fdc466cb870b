import { ANNOTATION_PATH_POINTS_MAX, type Annotation } from '@mathclub/shared';
import { getStroke } from 'perfect-freehand';

/**
 * Geometry of the marks on a photo (PRODUCT.md §14). Marks are stored relative to the photo (0–1
 * of its width and height); on screen they are drawn in an SVG whose viewBox has the photo's
 * aspect ratio, VIEW_WIDTH units wide, so strokes and labels keep their shape at any size.
 */
export const VIEW_WIDTH = 1000;

/** Sizes relative to the photo's width, so a mark looks the same on a phone and on a monitor. */
export const MARK_SIZES = { stroke: 0.008, symbol: 0.045, label: 0.04, defaultRadius: 0.06 } as const;

export type Rotation = 0 | 90 | 180 | 270;

/** The viewBox height for a photo of this aspect ratio (width / height). */
export const viewHeight = (aspect: number) => VIEW_WIDTH / (aspect > 0 && Number.isFinite(aspect) ? aspect : 1);

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
/** Four decimals: a tenth of a pixel on a 1000 px photo, and a verdict body a third of the size. */
export const round4 = (v: number) => Math.round(clamp01(v) * 10_000) / 10_000;

/**
 * A pointer position as a spot on the photo (0–1), from the on-screen box of the photo's frame
 * (after zoom, pan and rotation: getBoundingClientRect gives the rotated frame's box) and the
 * rotation shown (clockwise). The photo's (x, y) is drawn at (u, v) of that box:
 * 0°: (x, y); 90°: (1 − y, x); 180°: (1 − x, 1 − y); 270°: (y, 1 − x). This inverts it.
 */
export function screenToPhoto(clientX: number, clientY: number, box: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>, rotation: Rotation): [number, number] {
  const u = box.width > 0 ? (clientX - box.left) / box.width : 0;
  const v = box.height > 0 ? (clientY - box.top) / box.height : 0;
  const [x, y] = rotation === 90 ? [v, 1 - u] : rotation === 180 ? [1 - u, 1 - v] : rotation === 270 ? [1 - v, u] : [u, v];
  return [round4(x), round4(y)];
}

/** The inverse of screenToPhoto: where on the rotated frame's box (0–1) a photo spot is drawn. */
export function photoToBox(x: number, y: number, rotation: Rotation): [number, number] {
  if (rotation === 90) return [1 - y, x];
  if (rotation === 180) return [1 - x, 1 - y];
  if (rotation === 270) return [y, 1 - x];
  return [x, y];
}

/**
 * A stroke's points kept within the schema's limit: points closer than `minStep` to the last
 * kept one are dropped while drawing (a still pen adds nothing); a longer stroke is resampled
 * evenly, keeping its ends.
 */
export function limitPoints<P>(points: readonly P[], max = ANNOTATION_PATH_POINTS_MAX): P[] {
  if (points.length <= max) return [...points];
  const out: P[] = [];
  for (let i = 0; i < max; i++) out.push(points[Math.round((i * (points.length - 1)) / (max - 1))]!);
  return out;
}

/** The filled outline of a pen stroke (perfect-freehand), as SVG path data in viewBox units. */
export function strokePathData(points: readonly (readonly number[])[], aspect: number, last = true): string {
  const h = viewHeight(aspect);
  const outline = getStroke(
    points.map(([x = 0, y = 0]) => [x * VIEW_WIDTH, y * h]),
    { size: MARK_SIZES.stroke * VIEW_WIDTH, thinning: 0.5, smoothing: 0.5, streamline: 0.5, simulatePressure: true, last },
  );
  if (outline.length === 0) return '';
  const parts = outline.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x!.toFixed(1)} ${y!.toFixed(1)}`);
  return `${parts.join(' ')} Z`;
}

/** Path data of a tick or a cross centred on (x, y) of the photo, in viewBox units. */
export function symbolPathData(type: 'tick' | 'cross', x: number, y: number, aspect: number): string {
  const cx = x * VIEW_WIDTH;
  const cy = y * viewHeight(aspect);
  const s = (MARK_SIZES.symbol * VIEW_WIDTH) / 2;
  if (type === 'tick') return `M${cx - s} ${cy} L${cx - s / 3} ${cy + s * 0.7} L${cx + s} ${cy - s * 0.8}`;
  return `M${cx - s} ${cy - s} L${cx + s} ${cy + s} M${cx + s} ${cy - s} L${cx - s} ${cy + s}`;
}

/** Where a mark is, in 0–1 photo coordinates: its spot, or a path's first point (tests read it). */
export function markAnchor(mark: Annotation): [number, number] {
  return mark.type === 'path' ? [mark.points[0]![0]!, mark.points[0]![1]!] : [mark.x, mark.y];
}
