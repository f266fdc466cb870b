import { useRef, type PointerEvent } from 'react';

/** A horizontal move at least this long (px), and clearly more sideways than up or down, is a swipe. */
const MIN_SWIPE = 60;

/**
 * Swipes left and right on a touch screen or with a pen (pointer events; a mouse drag selects text
 * as usual). The element keeps vertical scrolling (`touch-action: pan-y` in queue.css).
 */
export function useSwipe(onSwipe: (direction: 'left' | 'right') => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' || !event.isPrimary) return;
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) >= MIN_SWIPE && Math.abs(dx) > 2 * Math.abs(dy)) onSwipe(dx < 0 ? 'left' : 'right');
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
