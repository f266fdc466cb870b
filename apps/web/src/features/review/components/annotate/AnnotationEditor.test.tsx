import type { Annotation } from '@mathclub/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { photoToBox } from '../../../../components/photo/marks-geometry';
import { ViewablePhoto } from '../../../../components/photo/ViewablePhoto';
import { useEnglish } from '../../../../test/utils';
import AnnotationEditor from './AnnotationEditor';

/** The photo's frame on screen: 400 × 300 at (100, 50); turned sideways it is 300 × 400. */
const BOX = { left: 100, top: 50, width: 400, height: 300 };
const SIDEWAYS = { left: 150, top: 0, width: 300, height: 400 };

function setBox(box: typeof BOX) {
  const frame = screen.getByTestId('annotate-frame');
  vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue({ ...box, right: box.left + box.width, bottom: box.top + box.height, x: box.left, y: box.top, toJSON: () => box } as DOMRect);
}

/** The photo loads as 800 × 600 (jsdom decodes nothing). */
function loadPhoto(img: HTMLImageElement) {
  Object.defineProperty(img, 'naturalWidth', { value: 800 });
  Object.defineProperty(img, 'naturalHeight', { value: 600 });
  fireEvent.load(img);
}

/** Client coordinates of a spot (u, v: 0–1) of the frame's on-screen box. */
const at = (box: typeof BOX, u: number, v: number) => ({ clientX: box.left + u * box.width, clientY: box.top + v * box.height, pointerId: 1, button: 0, pointerType: 'pen' });

function renderEditor(marks: Annotation[] = []) {
  const onDone = vi.fn<(m: Annotation[]) => void>();
  const onCancel = vi.fn();
  render(<AnnotationEditor src="/photo.jpg" alt="Olena's solution to Fractions" marks={marks} onDone={onDone} onCancel={onCancel} />);
  loadPhoto(screen.getByRole('img', { name: "Olena's solution to Fractions" }) as HTMLImageElement);
  setBox(BOX);
  return { onDone, onCancel, stage: screen.getByTestId('annotate-stage') };
}

const drawnMarks = () => [...screen.getByTestId('annotation-overlay').querySelectorAll('[data-mark]')].map((el) => el.getAttribute('data-mark'));

describe('the annotation view (PRODUCT.md §14)', () => {
  beforeEach(async () => {
    await useEnglish();
  });

  it('turns a stroke drawn with pointer events into a path of relative coordinates', () => {
    const { onDone, stage } = renderEditor();
    expect(screen.getByRole('button', { name: 'Pen' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.pointerDown(stage, at(BOX, 0.1, 0.2));
    fireEvent.pointerMove(stage, at(BOX, 0.3, 0.4));
    // A still pen adds no point.
    fireEvent.pointerMove(stage, at(BOX, 0.3, 0.4));
    fireEvent.pointerMove(stage, at(BOX, 0.5, 0.6));
    fireEvent.pointerUp(stage, at(BOX, 0.5, 0.6));
    expect(drawnMarks()).toEqual(['path']);
    const outline = screen.getByTestId('annotation-overlay').querySelector('path')!.getAttribute('d')!;
    // perfect-freehand's filled outline, not a polyline of the three points.
    expect(outline.split('L').length).toBeGreaterThan(6);
    fireEvent.click(screen.getByTestId('annotate-done'));
    expect(onDone).toHaveBeenCalledWith([{ type: 'path', color: '#d32f2f', points: [[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]] }]);
  });

  it('undoes a stroke and redoes it, with the buttons and with Ctrl+Z / Ctrl+Shift+Z', () => {
    const { onDone, stage } = renderEditor();
    fireEvent.pointerDown(stage, at(BOX, 0.2, 0.2));
    fireEvent.pointerMove(stage, at(BOX, 0.4, 0.2));
    fireEvent.pointerUp(stage, at(BOX, 0.4, 0.2));
    expect(drawnMarks()).toEqual(['path']);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(drawnMarks()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(drawnMarks()).toEqual(['path']);
    const dialog = screen.getByTestId('annotation-editor');
    fireEvent.keyDown(dialog, { code: 'KeyZ', key: 'z', ctrlKey: true });
    expect(drawnMarks()).toEqual([]);
    fireEvent.keyDown(dialog, { code: 'KeyZ', key: 'Z', ctrlKey: true, shiftKey: true });
    expect(drawnMarks()).toEqual(['path']);
    fireEvent.keyDown(dialog, { code: 'KeyZ', key: 'z', ctrlKey: true });
    fireEvent.click(screen.getByTestId('annotate-done'));
    expect(onDone).toHaveBeenCalledWith([]);
  });

  it('keeps marks on the same spot of the photo when the view is rotated', () => {
    const tick: Annotation = { type: 'tick', color: '#2e7d32', x: 0.8, y: 0.1 };
    const { onDone, stage } = renderEditor([tick]);
    const dialog = screen.getByTestId('annotation-editor');
    fireEvent.keyDown(dialog, { code: 'KeyR', key: 'r' });
    const frame = screen.getByTestId('annotate-frame');
    expect(frame).toHaveAttribute('data-rotation', '90');
    expect(frame.style.transform).toContain('rotate(90deg)');
    // The marks are drawn inside the rotated frame: their photo coordinates are untouched.
    expect(screen.getByTestId('annotation-overlay').querySelector('[data-mark="tick"]')).toHaveAttribute('data-x', '0.8');
    setBox(SIDEWAYS);
    // A cross put where the tick now shows on screen lands on the tick's spot of the photo.
    const [u, v] = photoToBox(0.8, 0.1, 90);
    expect([u, v]).toEqual([0.9, 0.8]);
    fireEvent.keyDown(dialog, { code: 'KeyX', key: 'x' });
    expect(screen.getByRole('button', { name: 'Cross' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.pointerDown(stage, at(SIDEWAYS, u, v));
    fireEvent.pointerUp(stage, at(SIDEWAYS, u, v));
    // Three more turns: back to upright, nothing moved.
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: 'Rotate by 90°' }));
    expect(frame).toHaveAttribute('data-rotation', '0');
    fireEvent.click(screen.getByTestId('annotate-done'));
    expect(onDone).toHaveBeenCalledWith([tick, { type: 'cross', color: '#d32f2f', x: 0.8, y: 0.1 }]);
  });

  it('puts a tick, a circle and a text label in the chosen colour; a label is only text', async () => {
    const { onDone, stage } = renderEditor();
    const dialog = screen.getByTestId('annotation-editor');
    fireEvent.keyDown(dialog, { code: 'Digit2', key: '2' });
    expect(screen.getByRole('button', { name: 'Blue' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Tick' }));
    fireEvent.pointerDown(stage, at(BOX, 0.25, 0.5));
    fireEvent.pointerUp(stage, at(BOX, 0.25, 0.5));
    fireEvent.keyDown(dialog, { code: 'KeyO', key: 'o' });
    fireEvent.pointerDown(stage, at(BOX, 0.5, 0.5));
    fireEvent.pointerMove(stage, at(BOX, 0.6, 0.5));
    fireEvent.pointerUp(stage, at(BOX, 0.6, 0.5));
    fireEvent.keyDown(dialog, { code: 'KeyT', key: 't' });
    fireEvent.pointerDown(stage, at(BOX, 0.1, 0.9));
    fireEvent.pointerUp(stage, at(BOX, 0.1, 0.9));
    const input = await screen.findByLabelText('Label text');
    fireEvent.change(input, { target: { value: '  <script>alert(1)</script> ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add label' }));
    expect(drawnMarks()).toEqual(['tick', 'circle', 'text']);
    const overlay = screen.getByTestId('annotation-overlay');
    expect(overlay.querySelector('script')).toBeNull();
    expect(overlay.querySelector('text')!.textContent).toBe('<script>alert(1)</script>');
    expect(screen.getByRole('status')).toHaveTextContent('3 marks');
    fireEvent.click(screen.getByTestId('annotate-done'));
    expect(onDone).toHaveBeenCalledWith([
      { type: 'tick', color: '#1565c0', x: 0.25, y: 0.5 },
      { type: 'circle', color: '#1565c0', x: 0.5, y: 0.5, r: 0.1 },
      { type: 'text', color: '#1565c0', x: 0.1, y: 0.9, text: '<script>alert(1)</script>' },
    ]);
  });

  it('draws with one finger; two fingers zoom the photo instead of drawing', () => {
    const { onDone, stage } = renderEditor();
    const finger = (id: number, u: number, v: number) => ({ ...at(BOX, u, v), pointerId: id, pointerType: 'touch' });
    fireEvent.pointerDown(stage, finger(1, 0.1, 0.1));
    fireEvent.pointerMove(stage, finger(1, 0.2, 0.1));
    fireEvent.pointerUp(stage, finger(1, 0.2, 0.1));
    expect(drawnMarks()).toEqual(['path']);
    // A pinch: the second finger takes the gesture, the first finger's stroke is dropped.
    fireEvent.pointerDown(stage, finger(2, 0.4, 0.5));
    fireEvent.pointerDown(stage, finger(3, 0.6, 0.5));
    fireEvent.pointerMove(stage, finger(2, 0.3, 0.5));
    fireEvent.pointerMove(stage, finger(3, 0.7, 0.5));
    fireEvent.pointerUp(stage, finger(2, 0.3, 0.5));
    fireEvent.pointerUp(stage, finger(3, 0.7, 0.5));
    expect(drawnMarks()).toEqual(['path']);
    expect(screen.getByTestId('annotate-frame').style.transform).toMatch(/scale\(2(\.0+1)?\)/);
    fireEvent.click(screen.getByTestId('annotate-done'));
    expect(onDone).toHaveBeenCalledWith([{ type: 'path', color: '#d32f2f', points: [[0.1, 0.1], [0.2, 0.1]] }]);
  });

  it('clears all marks, and a clear can be undone', () => {
    const { onDone } = renderEditor([{ type: 'cross', color: '#000000', x: 0.5, y: 0.5 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear all marks' }));
    expect(drawnMarks()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(drawnMarks()).toEqual(['cross']);
    fireEvent.click(screen.getByTestId('annotate-done'));
    expect(onDone).toHaveBeenCalledWith([{ type: 'cross', color: '#000000', x: 0.5, y: 0.5 }]);
  });
});

describe("the student's marked photo", () => {
  beforeEach(async () => {
    await useEnglish();
  });

  it('lays the marks over the photo in an SVG of its shape, and opens full screen named for task and author', async () => {
    const marks: Annotation[] = [{ type: 'tick', color: '#2e7d32', x: 0.25, y: 0.75 }];
    render(<ViewablePhoto src="/photo.jpg" alt="Photo of Olena's solution to “Fractions”" marks={marks} />);
    expect(screen.getByText('1 mark')).toBeInTheDocument();
    loadPhoto(screen.getByRole('img', { name: "Photo of Olena's solution to “Fractions”" }) as HTMLImageElement);
    const overlay = await screen.findByTestId('annotation-overlay');
    expect(overlay).toHaveAttribute('viewBox', '0 0 1000 750.00');
    // x 0.25 of 1000, y 0.75 of 750; the tick starts half its size (22.5) to the left.
    const tick = overlay.querySelector('[data-mark="tick"]')!;
    expect(tick.getAttribute('d')).toMatch(/^M227\.5 562\.5 /);
    fireEvent.click(screen.getByRole('button', { name: "Open the photo full screen: Photo of Olena's solution to “Fractions”" }));
    const viewer = await screen.findByTestId('photo-viewer');
    expect(viewer).toHaveAttribute('aria-label', "Photo of Olena's solution to “Fractions”");
    fireEvent.keyDown(viewer, { key: '+' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actual size' })).toHaveTextContent('125%'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('photo-viewer')).toBeNull());
    expect(screen.getByRole('button', { name: "Open the photo full screen: Photo of Olena's solution to “Fractions”" })).toHaveFocus();
  });
});
