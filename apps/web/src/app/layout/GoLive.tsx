import { useEffect } from 'react';

/**
 * Hands React what scripts/boot.js held while the prerendered page had no handlers (a submit, a
 * language choice). Rendered next to the page inside its Suspense boundary: its effect runs only
 * once the page itself is hydrated, so the handed-back submit reaches the form's handler.
 */
export function GoLive() {
  useEffect(() => {
    (window as { mathClubGoLive?: () => void }).mathClubGoLive?.();
  }, []);
  return null;
}
