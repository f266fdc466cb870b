import { useEffect, useState, type ComponentType } from 'react';

export interface Preloadable<P> {
  /** Fetches the component's code (once; again after a failure). */
  preload: () => Promise<ComponentType<P>>;
  /**
   * The component once its code is in (at once when it was preloaded: no fallback, no layout
   * shift), else null while it loads; `failed` when its chunk could not be fetched, `retry` to try again.
   */
  useComponent: (wanted?: boolean) => { Component: ComponentType<P> | null; failed: boolean; retry: () => void };
}

/** A component whose code is fetched on demand, or ahead of time (a route loader, a hover). */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null; // a failed chunk request may be retried
        throw error;
      },
    ));

  function useComponent(wanted = true) {
    const [, setLoadedNow] = useState(false);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (!wanted || loaded || failed) return;
      let current = true;
      preload().then(
        () => current && setLoadedNow(true),
        (error: unknown) => {
          console.error('Failed to load part of the page', error);
          if (current) setFailed(true);
        },
      );
      return () => {
        current = false;
      };
    }, [wanted, failed]);
    return { Component: wanted ? loaded : null, failed, retry: () => setFailed(false) };
  }

  return { preload, useComponent };
}
