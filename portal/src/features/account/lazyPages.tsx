import { Suspense, type ComponentType, type ReactNode } from 'react';
import { lazyPart, Spinner } from '@diaspora/ui';

// The profile's security and data sections are below the fold: they load with the profile,
// not with the first page (the first page's JavaScript has a budget).

function onDemand<K extends string>(
  load: () => Promise<Record<K, () => ReactNode>>,
  name: K,
): ComponentType {
  const Page = lazyPart<Record<K, () => ReactNode>, K, object>(load, name);
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
