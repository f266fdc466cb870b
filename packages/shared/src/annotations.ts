import { z } from 'zod';

/**
 * A teacher's marks on a student's photo (PRODUCT.md §14), stored as vector data with coordinates
 * relative to the photo (0–1 of its width and height), so they land on the same spot at any
 * display size. The photo itself is never changed.
 */

/** At most this many marks on one photo. */
export const ANNOTATIONS_MAX = 200;
/** At most this many points in one pen stroke. */
export const ANNOTATION_PATH_POINTS_MAX = 500;
/** At most this many characters in one text label. */
export const ANNOTATION_TEXT_MAX = 200;
/** The smallest circle: a radius of a thousandth of the photo's width. */
export const ANNOTATION_CIRCLE_R_MIN = 0.001;
/** The mark kinds the schema knows; anything else is refused. */
export const ANNOTATION_TYPES = ['path', 'tick', 'cross', 'circle', 'text'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];

/** Every annotation problem names one i18n key; validationErrors says which mark (annotations.3.points). */
export const ANNOTATIONS_INVALID = 'review.error.annotationsInvalid';

const coord = z.number({ error: ANNOTATIONS_INVALID }).min(0, ANNOTATIONS_INVALID).max(1, ANNOTATIONS_INVALID);
const color = z.string({ error: ANNOTATIONS_INVALID }).regex(/^#[0-9a-fA-F]{6}$/, ANNOTATIONS_INVALID);
// [x, y]: an array of exactly two, not z.tuple (OpenAPI 3.0, which /api/docs speaks, has no tuples).
const point = z.array(coord, { error: ANNOTATIONS_INVALID }).length(2, ANNOTATIONS_INVALID);

// strictObject: an extra key (a script, a style, an href) is a 400, not silently kept.
const pathMark = z.strictObject({
  type: z.literal('path'),
  color,
  points: z.array(point, { error: ANNOTATIONS_INVALID }).min(1, ANNOTATIONS_INVALID).max(ANNOTATION_PATH_POINTS_MAX, ANNOTATIONS_INVALID),
}, { error: ANNOTATIONS_INVALID });
const tickMark = z.strictObject({ type: z.literal('tick'), color, x: coord, y: coord }, { error: ANNOTATIONS_INVALID });
const crossMark = z.strictObject({ type: z.literal('cross'), color, x: coord, y: coord }, { error: ANNOTATIONS_INVALID });
const circleMark = z.strictObject({
  type: z.literal('circle'),
  color,
  x: coord,
  y: coord,
  /** Radius as a fraction of the photo's width. */
  // min, not gt: OpenAPI 3.0's exclusiveMinimum is a flag, not a number.
  r: z.number({ error: ANNOTATIONS_INVALID }).min(ANNOTATION_CIRCLE_R_MIN, ANNOTATIONS_INVALID).max(1, ANNOTATIONS_INVALID),
}, { error: ANNOTATIONS_INVALID });
const textMark = z.strictObject({
  type: z.literal('text'),
  color,
  x: coord,
  y: coord,
  /** Shown as text only, never as markup. */
  text: z.string({ error: ANNOTATIONS_INVALID }).trim().min(1, ANNOTATIONS_INVALID).max(ANNOTATION_TEXT_MAX, ANNOTATIONS_INVALID),
}, { error: ANNOTATIONS_INVALID });

const annotationDescription = 'One mark on a photo; coordinates are fractions (0–1) of the photo, the circle radius of its width.';
const annotationUnion = z.discriminatedUnion('type', [pathMark, tickMark, crossMark, circleMark, textMark], { error: ANNOTATIONS_INVALID });
const listOf = <T extends z.ZodType>(mark: T) => z.array(mark, { error: ANNOTATIONS_INVALID }).max(ANNOTATIONS_MAX, ANNOTATIONS_INVALID);

/** A mark as the solution objects carry it: a named component (Annotation) in /api/docs. */
export const annotationSchema = annotationUnion.meta({ id: 'Annotation', description: annotationDescription });
export type Annotation = z.infer<typeof annotationSchema>;
export type PathAnnotation = Extract<Annotation, { type: 'path' }>;

/** The marks as the solution objects carry them (Annotations in /api/docs). */
export const annotationsSchema = listOf(annotationSchema).meta({ id: 'Annotations', description: `A teacher's marks on the photo: at most ${ANNOTATIONS_MAX}.` });
/**
 * The same rules for the verdict's body, without the component ids: the document would otherwise
 * carry a second, input copy of each (it lists only what a client meets, once).
 */
export const annotationsInputSchema = listOf(annotationUnion.describe(annotationDescription)).describe(`A teacher's marks on the photo: at most ${ANNOTATIONS_MAX}.`);
export type Annotations = z.infer<typeof annotationsSchema>;

/**
 * Saved marks as read back from storage (JSON text). Only marks this schema accepted are ever
 * written, so the text is not validated again on every read (a list may carry many); text that
 * does not parse as a list is shown as no marks rather than failing the whole list.
 */
export function parseStoredAnnotations(text: string | null | undefined): Annotations {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as Annotations) : [];
  } catch {
    return [];
  }
}
