import { describe, expect, it } from 'vitest';
import {
  ANNOTATION_PATH_POINTS_MAX,
  ANNOTATION_TEXT_MAX,
  ANNOTATIONS_INVALID,
  ANNOTATIONS_MAX,
  annotationsSchema,
  parseStoredAnnotations,
  reviewSolutionSchema,
} from './index.js';

const tick = { type: 'tick', color: '#d32f2f', x: 0.5, y: 0.5 } as const;
const path = (n: number) => ({ type: 'path', color: '#1565c0', points: Array.from({ length: n }, (_, i) => [i / n, 1 - i / n]) });
const errorPaths = (value: unknown) => {
  const r = annotationsSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('annotations (PRODUCT.md §14)', () => {
  it('accepts each of the five kinds with coordinates in 0–1', () => {
    const marks = [
      path(3),
      tick,
      { type: 'cross', color: '#000000', x: 0, y: 1 },
      { type: 'circle', color: '#FFEB3B', x: 0.2, y: 0.3, r: 0.1 },
      { type: 'text', color: '#2e7d32', x: 1, y: 0, text: 'step 2?' },
    ];
    expect(annotationsSchema.parse(marks)).toEqual(marks);
    expect(annotationsSchema.parse([])).toEqual([]);
  });

  it(`takes ${ANNOTATIONS_MAX} marks and refuses one more`, () => {
    expect(annotationsSchema.safeParse(Array(ANNOTATIONS_MAX).fill(tick)).success).toBe(true);
    expect(errorPaths(Array(ANNOTATIONS_MAX + 1).fill(tick))).toEqual([`:${ANNOTATIONS_INVALID}`]);
  });

  it(`takes a path of ${ANNOTATION_PATH_POINTS_MAX} points and refuses ${ANNOTATION_PATH_POINTS_MAX + 1}`, () => {
    expect(annotationsSchema.safeParse([path(ANNOTATION_PATH_POINTS_MAX)]).success).toBe(true);
    expect(errorPaths([tick, path(ANNOTATION_PATH_POINTS_MAX + 1)])).toEqual([`1.points:${ANNOTATIONS_INVALID}`]);
    expect(annotationsSchema.safeParse([path(0)]).success).toBe(false);
  });

  it(`takes a label of ${ANNOTATION_TEXT_MAX} characters and refuses longer or empty ones`, () => {
    const label = (text: string) => [{ type: 'text', color: '#000000', x: 0.1, y: 0.1, text }];
    expect(annotationsSchema.safeParse(label('я'.repeat(ANNOTATION_TEXT_MAX))).success).toBe(true);
    expect(errorPaths(label('я'.repeat(ANNOTATION_TEXT_MAX + 1)))).toEqual([`0.text:${ANNOTATIONS_INVALID}`]);
    expect(annotationsSchema.safeParse(label('   ')).success).toBe(false);
    // Markup is only text: kept as written, shown as text by the clients.
    expect(annotationsSchema.parse(label('<script>alert(1)</script>'))[0]).toMatchObject({ text: '<script>alert(1)</script>' });
  });

  it('refuses coordinates outside 0–1, and non-numbers', () => {
    for (const bad of [-0.01, 1.01, Number.NaN, Infinity, '0.5', null]) {
      expect(annotationsSchema.safeParse([{ ...tick, x: bad }]).success, String(bad)).toBe(false);
    }
    expect(errorPaths([{ type: 'path', color: '#000000', points: [[0.5, 0.5], [0.5, 2]] }])).toEqual([`0.points.1.1:${ANNOTATIONS_INVALID}`]);
    expect(annotationsSchema.safeParse([{ type: 'path', color: '#000000', points: [[0.5, 0.5, 0.5]] }]).success).toBe(false);
    expect(annotationsSchema.safeParse([{ type: 'circle', color: '#000000', x: 0.5, y: 0.5, r: 0 }]).success).toBe(false);
    expect(annotationsSchema.safeParse([{ type: 'circle', color: '#000000', x: 0.5, y: 0.5, r: 1.5 }]).success).toBe(false);
  });

  it('refuses unknown kinds, extra keys, missing fields and colours other than #rrggbb', () => {
    expect(errorPaths([{ type: 'arrow', color: '#000000', x: 0.5, y: 0.5 }])).toEqual([`0.type:${ANNOTATIONS_INVALID}`]);
    expect(annotationsSchema.safeParse([{ ...tick, onclick: 'alert(1)' }]).success).toBe(false);
    expect(annotationsSchema.safeParse([{ type: 'tick', color: '#000000', x: 0.5 }]).success).toBe(false);
    for (const color of ['red', '#fff', '#12345g', 'url(#x)', '#1234567']) {
      expect(annotationsSchema.safeParse([{ ...tick, color }]).success, color).toBe(false);
    }
    expect(annotationsSchema.safeParse({ 0: tick }).success).toBe(false);
  });

  it('rides along with the verdict, optional', () => {
    expect(reviewSolutionSchema.parse({ correct: true, reviewed: true })).not.toHaveProperty('annotations');
    expect(reviewSolutionSchema.parse({ correct: false, reviewed: true, annotations: [tick] }).annotations).toEqual([tick]);
  });

  it('reads stored text back, and no marks from nothing or from text that is not a list', () => {
    expect(parseStoredAnnotations(JSON.stringify([tick]))).toEqual([tick]);
    expect(parseStoredAnnotations(null)).toEqual([]);
    expect(parseStoredAnnotations('{"a":1}')).toEqual([]);
    expect(parseStoredAnnotations('not json')).toEqual([]);
  });
});
