import { Spinner } from '@diaspora/ui';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';

// The account pages and the profile's security section are reached from a link or below the
// fold, so they load on demand and stay out of a guest's first page JavaScript (issue 14 budget).

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

export const ForgotPasswordPage = onDemand(
  () => import('./ForgotPasswordPage'),
  'ForgotPasswordPage',
);
export const ResetPasswordPage = onDemand(() => import('./ResetPasswordPage'), 'ResetPasswordPage');
export const VerifyEmailPage = onDemand(() => import('./VerifyEmailPage'), 'VerifyEmailPage');
export const ConfirmEmailPage = onDemand(() => import('./ConfirmEmailPage'), 'ConfirmEmailPage');
export const AccountSecurity = onDemand(() => import('./AccountSecurity'), 'AccountSecurity');
