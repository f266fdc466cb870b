import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent, type WheelEvent } from 'react';

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 6;
const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));

export interface View {
  zoom: number;
  panX: number;
  panY: number;
}

/**
 * Zoom and pan of a photo, shared by the annotation view and the photo viewer: buttons and keys
 * call zoomBy/panBy; a wheel with Ctrl (a trackpad pinch) zooms; two fingers pinch and move it.
 * The caller gives every pointer event to `pinch`, which says whether it took it (two pointers
 * down), so one finger still draws or drags.
 */
export function useZoomPan() {
  const [view, setView] = useState<View>({ zoom: 1, panX: 0, panY: 0 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const lastPinch = useRef<{ distance: number; cx: number; cy: number } | null>(null);

  const zoomBy = useCallback((factor: number) => setView((v) => {
    const zoom = clampZoom(v.zoom * factor);
    // Back at 1× the photo is centred again.
    return zoom === 1 ? { zoom, panX: 0, panY: 0 } : { ...v, zoom };
  }), []);
  const panBy = useCallback((dx: number, dy: number) => setView((v) => (v.zoom === 1 ? v : { ...v, panX: v.panX + dx, panY: v.panY + dy })), []);
  const reset = useCallback(() => setView({ zoom: 1, panX: 0, panY: 0 }), []);

  const onWheel = useCallback((event: WheelEvent) => {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    zoomBy(event.deltaY < 0 ? 1.15 : 1 / 1.15);
  }, [zoomBy]);

  /** Tracks pointers; with two down, pinches and moves the view and answers true (the event is taken). */
  const pinch = useCallback((event: ReactPointerEvent, phase: 'down' | 'move' | 'up') => {
    const map = pointers.current;
    if (phase === 'up') {
      map.delete(event.pointerId);
      if (map.size < 2) lastPinch.current = null;
      return false;
    }
    map.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (map.size < 2) return false;
    const [a, b] = [...map.values()] as [{ x: number; y: number }, { x: number; y: number }];
    const now = { distance: Math.hypot(a.x - b.x, a.y - b.y), cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2 };
    const before = lastPinch.current;
    lastPinch.current = now;
    if (phase === 'move' && before && before.distance > 0) {
      const factor = now.distance / before.distance;
      setView((v) => {
        const zoom = clampZoom(v.zoom * factor);
        return { zoom, panX: v.panX + now.cx - before.cx, panY: v.panY + now.cy - before.cy };
      });
    }
    return true;
  }, []);

  return { view, zoomBy, panBy, reset, onWheel, pinch, pointerCount: () => pointers.current.size };
}
