import './photo-texts';
import type { Annotation } from '@mathclub/shared';
import { useEffect, useRef, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkedPhoto } from './MarkedPhoto';
import { useZoomPan } from './use-zoom-pan';
import './photo.css';

interface Props {
  src: string;
  /** Names the task and the author ("Olena's solution to Fractions"). */
  alt: string;
  marks: readonly Annotation[];
  onClose: () => void;
}

const PAN_STEP = 60;

/**
 * A photo full screen (PRODUCT.md §14), for the teacher and the student alike: a modal <dialog>
 * (focus stays inside, Escape closes), zoom with buttons, + and −, a trackpad or two fingers;
 * the arrows or one finger move a zoomed photo. The marks ride along in the same box.
 */
export default function PhotoViewer({ src, alt, marks, onClose }: Props) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const { view, zoomBy, panBy, reset, onWheel, pinch } = useZoomPan();
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const d = dialog.current;
    // jsdom has no showModal; a browser always does.
    if (d && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    // Opened from within a review card: its shortcuts must not reach the card.
    event.stopPropagation();
    const keys: Record<string, () => void> = {
      '+': () => zoomBy(1.25),
      '=': () => zoomBy(1.25),
      '-': () => zoomBy(0.8),
      '0': reset,
      ArrowLeft: () => panBy(PAN_STEP, 0),
      ArrowRight: () => panBy(-PAN_STEP, 0),
      ArrowUp: () => panBy(0, PAN_STEP),
      ArrowDown: () => panBy(0, -PAN_STEP),
    };
    const action = keys[event.key];
    if (!action || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    action();
  }

  function pointer(event: ReactPointerEvent<HTMLDivElement>, phase: 'down' | 'move' | 'up') {
    if (phase === 'down') event.currentTarget.setPointerCapture?.(event.pointerId);
    if (pinch(event, phase)) {
      drag.current = null;
      return;
    }
    if (phase === 'down') drag.current = { x: event.clientX, y: event.clientY };
    else if (phase === 'move' && drag.current) {
      panBy(event.clientX - drag.current.x, event.clientY - drag.current.y);
      drag.current = { x: event.clientX, y: event.clientY };
    } else if (phase === 'up') drag.current = null;
  }

  return (
    <dialog ref={dialog} tabIndex={-1} className="photo-dialog" aria-label={alt} onClose={onClose} onCancel={onClose} onKeyDown={onKeyDown} data-testid="photo-viewer">
      <div className="photo-dialog__bar" role="toolbar" aria-label={t('photo.viewer.toolbar')}>
        <span className="photo-dialog__title">{alt}</span>
        <button type="button" className="photo-tool" onClick={() => zoomBy(1.25)} aria-label={t('photo.zoomIn')} title={`${t('photo.zoomIn')} (+)`}>
          <i className="pi pi-search-plus" aria-hidden="true" />
        </button>
        <button type="button" className="photo-tool" onClick={() => zoomBy(0.8)} aria-label={t('photo.zoomOut')} title={`${t('photo.zoomOut')} (−)`}>
          <i className="pi pi-search-minus" aria-hidden="true" />
        </button>
        <button type="button" className="photo-tool" onClick={reset} aria-label={t('photo.zoomReset')} title={`${t('photo.zoomReset')} (0)`}>
          <span aria-hidden="true">{Math.round(view.zoom * 100)}%</span>
        </button>
        <button type="button" className="photo-tool photo-tool--close" onClick={onClose} aria-label={t('photo.close')} title={`${t('photo.close')} (Esc)`} autoFocus>
          <i className="pi pi-times" aria-hidden="true" />
        </button>
      </div>
      <div
        className="photo-dialog__stage"
        onWheel={onWheel}
        onPointerDown={(e) => pointer(e, 'down')}
        onPointerMove={(e) => pointer(e, 'move')}
        onPointerUp={(e) => pointer(e, 'up')}
        onPointerCancel={(e) => pointer(e, 'up')}
      >
        <div className="photo-dialog__photo" style={{ transform: `translate(${view.panX}px, ${view.panY}px) scale(${view.zoom})` }}>
          <MarkedPhoto src={src} alt={alt} marks={marks} loading="eager" />
        </div>
      </div>
    </dialog>
  );
}
