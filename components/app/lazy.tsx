/**
 * A view whose code is loaded when it is first needed, so the popup's first load carries only the
 * home view. `preload()` starts loading ahead (the popup calls it once the list is shown), and
 * resolves when the view can render; until then the view shows a skeleton.
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ErrorMessage, Skeleton } from '../ui';

export interface LazyView<P> {
  (props: P): preact.JSX.Element | null;
  preload(): Promise<unknown>;
}

/**
 * `quiet`: nothing is shown until the code is in (a part of a view that shows nothing of its own
 * until its data arrives, such as the Upcoming list), instead of a skeleton.
 */
export function lazyView<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { quiet?: boolean } = {},
): LazyView<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined; // a later attempt may succeed
        throw error;
      },
    );
    return pending;
  };
  function View(props: P) {
    const [failure, setFailure] = useState<string | null>(null);
    const [, setReady] = useState(false);
    useEffect(() => {
      // Loaded between this render and its effect (a preload started earlier): draw it now.
      if (loaded) {
        setReady(true);
        return;
      }
      preload().then(
        () => setReady(true),
        (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
      );
    }, []);
    if (loaded) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
    if (failure) return <ErrorMessage message={failure} />;
    return options.quiet ? null : <Skeleton lines={4} />;
  }
  return Object.assign(View, { preload });
}
