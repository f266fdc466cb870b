import '../../../../components/photo/photo-texts';
import { ANNOTATION_TEXT_MAX, ANNOTATIONS_MAX, type Annotation } from '@mathclub/shared';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AnnotationOverlay } from '../../../../components/photo/AnnotationOverlay';
import { limitPoints, MARK_SIZES, round4, screenToPhoto, type Rotation } from '../../../../components/photo/marks-geometry';
import { useZoomPan } from '../../../../components/photo/use-zoom-pan';
import { commit, redo, startHistory, undo, type History } from './annotation-history';
import { COLORS, TOOLS, toolForKey, type Tool } from './annotation-tools';
import '../../../../components/photo/photo.css';

interface Props {
  src: string;
  /** Names the task and the author. */
  alt: string;
  marks: readonly Annotation[];
  /** The marks as they are when the teacher is done (saved later, with the verdict). */
  onDone: (marks: Annotation[]) => void;
  onCancel: () => void;
}

/** A point moved less than this (of the photo's width) adds nothing to a stroke. */
const MIN_STEP = 0.002;

interface Size {
  width: number;
  height: number;
}

/** The frame's unrotated size that fits the stage once rotated (90°/270° swap the sides). */
function fitFrame(stage: Size, aspect: number, rotation: Rotation): Size {
  const sideways = rotation === 90 || rotation === 270;
  const shownAspect = sideways ? 1 / aspect : aspect;
  const shown = stage.width / Math.max(1, stage.height) > shownAspect ? { width: stage.height * shownAspect, height: stage.height } : { width: stage.width, height: stage.width / shownAspect };
  return sideways ? { width: shown.height, height: shown.width } : shown;
}

/**
 * The annotation view (PRODUCT.md §14): a student's photo full screen with a pen (perfect-freehand
 * strokes from pointer events: mouse, stylus or finger), tick, cross, circle and text label in a
 * few high-contrast colours; undo, redo, clear; zoom and pan (buttons, keys, two fingers); rotate
 * by 90°. Marks are kept relative to the photo (0–1), so rotating or zooming the view never moves
 * them on the photo. Keys: P V X O T H tools, 1–4 colours, Ctrl+Z / Ctrl+Shift+Z, + −, R.
 */
export default function AnnotationEditor({ src, alt, marks, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [history, setHistory] = useState<History>(() => startHistory(marks));
  const [tool, setTool] = useState<Tool>('pen');
  const [color, setColor] = useState<string>(COLORS[0].value);
  const [rotation, setRotation] = useState<Rotation>(0);
  const [aspect, setAspect] = useState(4 / 3);
  const [stageSize, setStageSize] = useState<Size>({ width: 800, height: 600 });
  const [drawing, setDrawing] = useState<Annotation | null>(null);
  const [label, setLabel] = useState<{ x: number; y: number; text: string } | null>(null);
  const labelInput = useRef<HTMLInputElement>(null);
  // The keyboard's place on the photo (0–1 of it): arrows move it, Enter puts the tool's mark there.
  const [cursor, setCursor] = useState<[number, number]>([0.5, 0.5]);
  const [full, setFull] = useState(false);
  const { view, zoomBy, panBy, reset, onWheel, pinch } = useZoomPan();
  const drag = useRef<{ x: number; y: number } | null>(null);
  const present = history.present;

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
      // The view itself takes the focus (not its first button): its keys, the arrows and Enter included, work at once.
      d.focus();
    }
  }, []);

  // The label's box takes the focus once it is there, and keeps it while the teacher types.
  const labelOpen = label !== null;
  useEffect(() => {
    if (labelOpen) labelInput.current?.focus();
  }, [labelOpen]);

  // The stage's size decides the photo's: measured now and whenever the window changes.
  useLayoutEffect(() => {
    const measure = () => {
      const box = stage.current?.getBoundingClientRect();
      if (box && box.width > 0 && box.height > 0) setStageSize({ width: box.width, height: box.height });
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  const add = useCallback((mark: Annotation) => {
    // At most ANNOTATIONS_MAX marks: the server would refuse more.
    if (present.length >= ANNOTATIONS_MAX) {
      setFull(true);
      return;
    }
    setHistory((h) => commit(h, [...h.present, mark]));
  }, [present.length]);

  /** The photo spot under a pointer, whatever the zoom, pan and rotation. */
  const spot = (event: { clientX: number; clientY: number }) => screenToPhoto(event.clientX, event.clientY, frame.current!.getBoundingClientRect(), rotation);

  function onPointer(event: ReactPointerEvent<HTMLDivElement>, phase: 'down' | 'move' | 'up') {
    if (phase === 'down') event.currentTarget.setPointerCapture?.(event.pointerId);
    // Two fingers zoom and move the photo; a stroke begun by the first finger is dropped.
    if (pinch(event, phase)) {
      setDrawing(null);
      drag.current = null;
      return;
    }
    if (tool === 'move') {
      if (phase === 'down') drag.current = { x: event.clientX, y: event.clientY };
      else if (phase === 'move' && drag.current) {
        panBy(event.clientX - drag.current.x, event.clientY - drag.current.y);
        drag.current = { x: event.clientX, y: event.clientY };
      } else if (phase === 'up') drag.current = null;
      return;
    }
    if (phase === 'down') {
      if (event.button !== 0 && event.pointerType === 'mouse') return;
      const [x, y] = spot(event);
      if (tool === 'pen') setDrawing({ type: 'path', color, points: [[x, y]] });
      else if (tool === 'circle') setDrawing({ type: 'circle', color, x, y, r: MARK_SIZES.defaultRadius });
      else if (tool === 'tick' || tool === 'cross') add({ type: tool, color, x, y });
      else if (tool === 'text') {
        // Else the press would end by focusing the dialog, away from the label's box (issue 49).
        event.preventDefault();
        setLabel({ x, y, text: '' });
      }
      setCursor([x, y]);
      return;
    }
    if (!drawing) return;
    if (phase === 'move') {
      const [x, y] = spot(event);
      if (drawing.type === 'path') {
        const last = drawing.points.at(-1)!;
        if (Math.hypot(x - last[0]!, (y - last[1]!) / aspect) < MIN_STEP) return;
        setDrawing({ ...drawing, points: [...drawing.points, [x, y]] });
      } else if (drawing.type === 'circle') {
        // The radius is a fraction of the width; a vertical step is 1/aspect of one.
        const r = Math.hypot(x - drawing.x, (y - drawing.y) / aspect);
        setDrawing({ ...drawing, r: Math.max(MARK_SIZES.defaultRadius / 3, Math.min(1, round4(r))) });
      }
      return;
    }
    // Up: the mark is done.
    if (drawing.type === 'path') add({ ...drawing, points: limitPoints(drawing.points) });
    else add(drawing);
    setDrawing(null);
  }

  function addLabel(event: FormEvent) {
    event.preventDefault();
    if (!label) return;
    const text = label.text.trim().slice(0, ANNOTATION_TEXT_MAX);
    if (text) add({ type: 'text', color, x: label.x, y: label.y, text });
    closeLabel();
  }

  /** The label's box goes; the focus returns to the view, so its keys work at once. */
  function closeLabel() {
    setLabel(null);
    dialog.current?.focus();
  }

  const placing = tool === 'tick' || tool === 'cross' || tool === 'circle' || tool === 'text';
  const rotate = () => setRotation((r) => ((r + 90) % 360) as Rotation);
  const doUndo = () => setHistory(undo);
  const doRedo = () => setHistory(redo);
  const clear = () => setHistory((h) => (h.present.length === 0 ? h : commit(h, [])));

  /** Puts the current tool's mark at the keyboard cursor (issue 49: marks without a pointer). */
  function placeAtCursor() {
    const [x, y] = cursor;
    if (tool === 'tick' || tool === 'cross') add({ type: tool, color, x, y });
    else if (tool === 'circle') add({ type: 'circle', color, x, y, r: MARK_SIZES.defaultRadius });
    else if (tool === 'text') setLabel({ x, y, text: '' });
  }

  /** Moves the cursor by a step on the screen, whatever way the photo is turned. */
  function moveCursor(dx: number, dy: number) {
    const [du, dv] = rotation === 0 ? [dx, dy] : rotation === 90 ? [dy, -dx] : rotation === 180 ? [-dx, -dy] : [-dy, dx];
    const clamp = (n: number) => round4(Math.min(1, Math.max(0, n)));
    setCursor(([x, y]) => [clamp(x + du), clamp(y + dv)]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    // The dialog sits inside the solution's card in React's tree: its keys (C, I, Enter) stay out of it.
    event.stopPropagation();
    const target = event.target as HTMLElement;
    // While a text field has the focus (or the label's box is open), every key is typing.
    if (label || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable) return;
    const arrow = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (arrow && placing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      const step = event.shiftKey ? 0.1 : 0.02;
      moveCursor(arrow[0]! * step, arrow[1]! * step);
      return;
    }
    if (event.key === 'Enter' && placing && (target === event.currentTarget || target === stage.current)) {
      event.preventDefault();
      placeAtCursor();
      return;
    }
    // Codes, not letters: the same keys work with a Ukrainian layout.
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.code === 'KeyZ') {
      event.preventDefault();
      if (event.shiftKey) doRedo();
      else doUndo();
      return;
    }
    if (mod && event.code === 'KeyY') {
      event.preventDefault();
      doRedo();
      return;
    }
    if (mod || event.altKey) return;
    const next = toolForKey(event.code);
    const digit = /^Digit([1-9])$/.exec(event.code);
    const colour = digit ? COLORS[Number(digit[1]) - 1] : undefined;
    const action =
      next ? () => setTool(next)
      : colour ? () => setColor(colour.value)
      : event.code === 'KeyR' ? rotate
      : event.key === '+' || event.key === '=' ? () => zoomBy(1.25)
      : event.key === '-' ? () => zoomBy(0.8)
      : event.key === '0' ? reset
      : null;
    if (!action) return;
    event.preventDefault();
    action();
  }

  const size = fitFrame(stageSize, aspect, rotation);
  const toolName = (id: Tool) => t(`photo.tool.${id}`);

  return (
    // tabIndex -1: a click on the photo leaves the focus on the dialog, where the keys are heard.
    <dialog ref={dialog} tabIndex={-1} className="photo-dialog annotate" aria-label={t('photo.annotate.title', { alt })} onCancel={onCancel} onKeyDown={onKeyDown} data-testid="annotation-editor">
      <div className="photo-dialog__bar annotate__bar" role="toolbar" aria-label={t('photo.annotate.toolbar')}>
        <div className="annotate__group" role="group" aria-label={t('photo.annotate.tools')}>
          {TOOLS.map(({ id, icon, key }) => (
            <button
              key={id}
              type="button"
              className="photo-tool"
              aria-pressed={tool === id}
              onClick={() => setTool(id)}
              title={`${toolName(id)} (${key})`}
              aria-label={toolName(id)}
              aria-keyshortcuts={key}
              data-tool={id}
            >
              <i className={icon} aria-hidden="true" />
            </button>
          ))}
        </div>
        <div className="annotate__group" role="group" aria-label={t('photo.annotate.colors')}>
          {COLORS.map(({ id, value }, i) => (
            <button
              key={id}
              type="button"
              className="photo-tool annotate__swatch"
              aria-pressed={color === value}
              onClick={() => setColor(value)}
              title={`${t(`photo.color.${id}`)} (${i + 1})`}
              aria-label={t(`photo.color.${id}`)}
              aria-keyshortcuts={String(i + 1)}
              data-color={value}
            >
              <span className="annotate__swatch-dot" style={{ background: value }} aria-hidden="true" />
            </button>
          ))}
        </div>
        <div className="annotate__group" role="group" aria-label={t('photo.annotate.edit')}>
          <button type="button" className="photo-tool" onClick={doUndo} disabled={history.past.length === 0} aria-label={t('photo.undo')} title={`${t('photo.undo')} (Ctrl+Z)`} aria-keyshortcuts="Control+Z">
            <i className="pi pi-undo" aria-hidden="true" />
          </button>
          <button type="button" className="photo-tool" onClick={doRedo} disabled={history.future.length === 0} aria-label={t('photo.redo')} title={`${t('photo.redo')} (Ctrl+Shift+Z)`} aria-keyshortcuts="Control+Shift+Z">
            <i className="pi pi-undo" aria-hidden="true" style={{ transform: 'scaleX(-1)' }} />
          </button>
          <button type="button" className="photo-tool" onClick={clear} disabled={present.length === 0} aria-label={t('photo.clear')} title={t('photo.clear')}>
            <i className="pi pi-trash" aria-hidden="true" />
          </button>
        </div>
        <div className="annotate__group" role="group" aria-label={t('photo.annotate.view')}>
          <button type="button" className="photo-tool" onClick={() => zoomBy(1.25)} aria-label={t('photo.zoomIn')} title={`${t('photo.zoomIn')} (+)`}>
            <i className="pi pi-search-plus" aria-hidden="true" />
          </button>
          <button type="button" className="photo-tool" onClick={() => zoomBy(0.8)} aria-label={t('photo.zoomOut')} title={`${t('photo.zoomOut')} (−)`}>
            <i className="pi pi-search-minus" aria-hidden="true" />
          </button>
          <button type="button" className="photo-tool" onClick={rotate} aria-label={t('photo.rotate')} title={`${t('photo.rotate')} (R)`} aria-keyshortcuts="R" data-rotation={rotation}>
            <i className="pi pi-refresh" aria-hidden="true" />
          </button>
        </div>
        <div className="annotate__group annotate__group--end">
          <button type="button" className="photo-tool photo-tool--text" onClick={onCancel}>
            {t('photo.annotate.cancel')}
          </button>
          <button type="button" className="photo-tool photo-tool--text photo-tool--primary" onClick={() => onDone(present)} data-testid="annotate-done">
            <i className="pi pi-check" aria-hidden="true" /> {t('photo.annotate.done')}
          </button>
        </div>
      </div>
      {label ? (
        <form className="annotate__label" onSubmit={addLabel}>
          <label htmlFor="annotate-label-text">{t('photo.annotate.labelText')}</label>
          <input
            ref={labelInput}
            id="annotate-label-text"
            value={label.text}
            maxLength={ANNOTATION_TEXT_MAX}
            onChange={(e) => setLabel({ ...label, text: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                closeLabel();
              }
            }}
          />
          <button type="submit" className="photo-tool photo-tool--text photo-tool--primary">
            {t('photo.annotate.addLabel')}
          </button>
          <button type="button" className="photo-tool photo-tool--text" onClick={closeLabel}>
            {t('photo.annotate.cancel')}
          </button>
        </form>
      ) : null}
      <p className="annotate__status" role="status">
        {full ? t('photo.annotate.full', { max: ANNOTATIONS_MAX }) : t('photo.annotate.count', { count: present.length })}
      </p>
      {/* Apart from the status line (the count is what is announced as marks come and go); always
          laid out, so the photo's box keeps its size when the tool changes. */}
      <p className="annotate__status annotate__cursor-hint" style={placing ? undefined : { visibility: 'hidden' }} aria-hidden={placing ? undefined : true}>
        {t('photo.annotate.cursorHint')}
      </p>
      <div
        ref={stage}
        className={`photo-dialog__stage annotate__stage annotate__stage--${tool}`}
        onWheel={onWheel}
        onPointerDown={(e) => onPointer(e, 'down')}
        onPointerMove={(e) => onPointer(e, 'move')}
        onPointerUp={(e) => onPointer(e, 'up')}
        onPointerCancel={(e) => onPointer(e, 'up')}
        data-testid="annotate-stage"
      >
        <div
          ref={frame}
          className="annotate__frame"
          style={{
            width: `${size.width}px`,
            height: `${size.height}px`,
            transform: `translate(-50%, -50%) translate(${view.panX}px, ${view.panY}px) scale(${view.zoom}) rotate(${rotation}deg)`,
          }}
          data-testid="annotate-frame"
          data-rotation={rotation}
        >
          <img src={src} alt={alt} className="annotate__image" draggable={false} onLoad={(e) => setAspect(e.currentTarget.naturalWidth / Math.max(1, e.currentTarget.naturalHeight))} />
          <AnnotationOverlay marks={present} aspect={aspect} extra={drawing} />
          {placing ? (
            <span
              className="annotate__cursor"
              style={{ left: `${cursor[0] * 100}%`, top: `${cursor[1] * 100}%`, color }}
              aria-hidden="true"
              data-testid="annotate-cursor"
            />
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
