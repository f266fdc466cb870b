import { lazy, type ComponentType } from 'react';

/**
 * A component whose code is fetched on demand, like React.lazy, that can also be fetched ahead
 * (`preload()`): once it is in, it renders directly, without suspending, so a page that preloads
 * it in its route loader shows it in its first render (no fallback, no layout shift). Render it
 * inside a Suspense boundary for the case it is not in yet.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
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
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return { Component: Preloadable, preload };
}
