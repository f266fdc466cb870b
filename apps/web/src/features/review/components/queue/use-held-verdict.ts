import type { Solution } from '@mathclub/shared';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { sendVerdict, sendVerdictOnLeave, type QueueVerdict } from '../../api/send-verdict';

/** How long the last verdict can be taken back. */
export const UNDO_MS = 6000;

interface Handlers {
  onSent: (verdict: QueueVerdict, saved: Solution) => void;
  onFailed: (verdict: QueueVerdict, error: unknown) => void;
}

/**
 * Undo by holding back (PRODUCT.md §15 "the last verdict can be undone for a few seconds"): the
 * last verdict is not sent until its undo window passes, the next verdict is given, or the teacher
 * leaves the queue (then with `keepalive`, so closing the tab still saves it). Chosen over sending
 * at once and undoing with a second PUT {reviewed: false}: that would tell the student "judged"
 * (a live event and a notification) for a verdict that was taken back, and recount the boards
 * twice. Undo is therefore exact: nothing of it ever reached the server.
 */
export function useHeldVerdict({ onSent, onFailed }: Handlers) {
  const held = useRef<QueueVerdict | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [heldVerdict, setHeldVerdict] = useState<QueueVerdict | null>(null);
  const handlers = useRef({ onSent, onFailed });
  useLayoutEffect(() => {
    handlers.current = { onSent, onFailed };
  });

  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    held.current = null;
    setHeldVerdict(null);
  };

  /** Sends the held verdict now, if any. */
  const flush = useCallback(() => {
    const verdict = held.current;
    if (!verdict) return;
    clear();
    sendVerdict(verdict).then(
      (saved) => handlers.current.onSent(verdict, saved),
      (error: unknown) => handlers.current.onFailed(verdict, error),
    );
  }, []);

  /** Holds `verdict` for the undo window; a verdict held before it is sent now (one for the same answer is replaced). */
  const hold = useCallback(
    (verdict: QueueVerdict) => {
      if (held.current?.id === verdict.id) clear();
      flush();
      held.current = verdict;
      setHeldVerdict(verdict);
      timer.current = setTimeout(flush, UNDO_MS);
    },
    [flush],
  );

  /** Takes the held verdict back (nothing was sent); returns it, or null when the window has passed. */
  const undo = useCallback((): QueueVerdict | null => {
    const verdict = held.current;
    clear();
    return verdict;
  }, []);

  // Leaving the queue (another page, the tab closed or hidden on a phone) saves what is held.
  useEffect(() => {
    const leave = () => {
      const verdict = held.current;
      if (!verdict) return;
      clear();
      sendVerdictOnLeave(verdict);
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onHidden);
      flush();
    };
  }, [flush]);

  return { heldVerdict, hold, undo, flush };
}
