import { loadWithin, Spinner } from '@diaspora/ui';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { RemoteBoundary } from './RemoteBoundary';
import { RemoteLoadError } from './RemoteLoadError';

type Loader = () => Promise<{ default: ComponentType }>;

/** A remote's component that can also be loaded ahead of its first render. */
export type RemoteComponent = ComponentType & { preload(): Promise<void> };

/**
 * A lazily loaded remote inside Suspense and an error boundary; Retry loads it afresh. Once
 * `preload` has resolved, the remote renders at once, without passing through the spinner. A load
 * that has not answered in spec 9's 120 s fails, so the message and Retry replace the spinner.
 * Following a link to another page after a failure tries again, as the Try again button does.
 */
export function remoteComponent(load: Loader): RemoteComponent {
  let loaded: ComponentType | undefined;
  const loadAndKeep = () =>
    loadWithin(load).then((module) => {
      loaded = module.default;
      return module;
    });
  let first: ReturnType<typeof loadAndKeep> | undefined;
  const loadOnce = () => (first ??= loadAndKeep());
  const initial = lazy(loadOnce);

  function Remote() {
    const [Component, setComponent] = useState<ComponentType>(() => loaded ?? initial);
    const { pathname } = useLocation();
    return (
      <RemoteBoundary
        resetKey={pathname}
        onRetry={() => setComponent(() => lazy(loadAndKeep))}
        fallback={(retry) => <RemoteLoadError onRetry={retry} />}
      >
        <Suspense fallback={<Spinner />}>
          <Component />
        </Suspense>
      </RemoteBoundary>
    );
  }
  return Object.assign(Remote, {
    preload: async () => {
      await loadOnce();
    },
  });
}
