import { Spinner } from '@diaspora/ui';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';

// The profile's security section is below the fold: it loads when it scrolls into use.

function onDemand<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): ComponentType {
  const Page: LazyExoticComponent<ComponentType> = lazy(() =>
    load().then((module) => ({ default: module[name] })),
  );
  return function OnDemand() {
    return (
      <Suspense fallback={<Spinner />}>
        <Page />
      </Suspense>
    );
  };
}

export const AccountSecurity = onDemand(() => import('./AccountSecurity'), 'AccountSecurity');
