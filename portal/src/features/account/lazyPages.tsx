import { Spinner } from '@diaspora/ui';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';

// The profile's security and data sections are below the fold: they load with the profile,
// not with the first page (the first page's JavaScript has a budget).

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
export const AccountDataPanel = onDemand(() => import('./AccountDataPanel'), 'AccountDataPanel');
