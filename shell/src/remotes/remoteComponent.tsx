import { Spinner } from '@diaspora/ui';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { RemoteBoundary } from './RemoteBoundary';
import { RemoteLoadError } from './RemoteLoadError';

type Loader = () => Promise<{ default: ComponentType }>;

/** A lazily loaded remote inside Suspense and an error boundary; Retry loads it afresh. */
export function remoteComponent(load: Loader): ComponentType {
  const initial = lazy(load);
  return function RemoteComponent() {
    const [Remote, setRemote] = useState(() => initial);
    return (
      <RemoteBoundary
        onRetry={() => setRemote(() => lazy(load))}
        fallback={(retry) => <RemoteLoadError onRetry={retry} />}
      >
        <Suspense fallback={<Spinner />}>
          <Remote />
        </Suspense>
      </RemoteBoundary>
    );
  };
}
