import './portal.css';
import { Spinner } from '@diaspora/ui';
import { Suspense } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { lazyPage, type LazyPage } from './routing/lazyPage';

interface PageRoute {
  /** Relative to where the portal is mounted; none for the index page. */
  path?: string;
  page: LazyPage;
}

/**
 * Every public and member page of the route table (spec section 2), each in a chunk of its own,
 * so a page downloads only its own code (the home page does not fetch the directory's).
 */
export const pageRoutes: PageRoute[] = [
  {
    page: lazyPage(() => import('./features/home/HomePage'), 'HomePage', [
      'home',
      'events',
      'news',
      'team',
    ]),
  },
  {
    path: 'about',
    page: lazyPage(() => import('./features/about/AboutPage'), 'AboutPage', ['about', 'team']),
  },
  {
    path: 'events',
    page: lazyPage(() => import('./features/events/EventsPage'), 'EventsPage', ['events', 'home']),
  },
  {
    path: 'events/:id',
    page: lazyPage(() => import('./features/events/EventDetailPage'), 'EventDetailPage', [
      'events',
      'home',
    ]),
  },
  {
    path: 'news',
    page: lazyPage(() => import('./features/news/NewsPage'), 'NewsPage', ['news', 'home']),
  },
  {
    path: 'news/:id',
    page: lazyPage(() => import('./features/news/NewsDetailPage'), 'NewsDetailPage', [
      'news',
      'home',
    ]),
  },
  {
    path: 'directory',
    page: lazyPage(() => import('./features/directory/DirectoryPage'), 'DirectoryPage', [
      'directory',
      'account',
      // The email-verification notice of its forms draws an error text.
      'errors',
    ]),
  },
  {
    path: 'directory/:id',
    page: lazyPage(() => import('./features/directory/ListingDetailPage'), 'ListingDetailPage', [
      'directory',
      'account',
      // The email-verification notice of its forms draws an error text.
      'errors',
    ]),
  },
  {
    path: 'tutorials',
    page: lazyPage(() => import('./features/tutorials/TutorialsPage'), 'TutorialsPage', [
      'tutorials',
      'team',
      'account',
      // The email-verification notice of its forms draws an error text.
      'errors',
    ]),
  },
  {
    path: 'join',
    page: lazyPage(() => import('./features/join/JoinPage'), 'JoinPage', [
      'join',
      'auth',
      'errors',
    ]),
  },
  {
    path: 'contact',
    page: lazyPage(() => import('./features/contact/ContactPage'), 'ContactPage', ['contact']),
  },
  {
    path: 'login',
    page: lazyPage(() => import('./features/auth/LoginPage'), 'LoginPage', ['auth', 'errors']),
  },
  {
    path: 'complete-profile',
    page: lazyPage(() => import('./features/auth/CompleteProfilePage'), 'CompleteProfilePage', [
      'auth',
      'errors',
    ]),
  },
  {
    path: 'register',
    page: lazyPage(() => import('./features/auth/RegisterPage'), 'RegisterPage', [
      'auth',
      'errors',
    ]),
  },
  {
    path: 'forgot-password',
    page: lazyPage(() => import('./features/account/ForgotPasswordPage'), 'ForgotPasswordPage', [
      'account',
    ]),
  },
  {
    path: 'reset-password',
    page: lazyPage(() => import('./features/account/ResetPasswordPage'), 'ResetPasswordPage', [
      'account',
    ]),
  },
  {
    path: 'verify-email',
    page: lazyPage(() => import('./features/account/VerifyEmailPage'), 'VerifyEmailPage', [
      'account',
    ]),
  },
  {
    path: 'confirm-email',
    page: lazyPage(() => import('./features/account/ConfirmEmailPage'), 'ConfirmEmailPage', [
      'account',
    ]),
  },
  {
    path: 'delete-account',
    page: lazyPage(() => import('./features/account/DeleteAccountPage'), 'DeleteAccountPage', [
      'account',
    ]),
  },
  {
    path: 'profile',
    page: lazyPage(() => import('./features/profile/ProfilePage'), 'ProfilePage', [
      'profile',
      'auth',
      'errors',
      'account',
      'myTickets',
      'events',
    ]),
  },
  {
    path: 'notifications',
    page: lazyPage(
      () => import('./features/notifications/NotificationsPage'),
      'NotificationsPage',
      ['notifications'],
    ),
  },
  {
    path: 'notifications/preferences',
    page: lazyPage(
      () => import('./features/notifications/NotificationPreferencesPage'),
      'NotificationPreferencesPage',
      ['notifications'],
    ),
  },
  {
    path: 'privacy',
    page: lazyPage(() => import('./features/legal/PrivacyPage'), 'PrivacyPage', ['legal']),
  },
  {
    path: 'terms',
    page: lazyPage(() => import('./features/legal/TermsPage'), 'TermsPage', ['legal']),
  },
  {
    path: 'test-api',
    page: lazyPage(() => import('./features/devtools/TestApiPage'), 'TestApiPage', ['devtools']),
  },
  {
    path: 'simple-test',
    page: lazyPage(() => import('./features/devtools/SimpleTestPage'), 'SimpleTestPage', [
      'devtools',
    ]),
  },
  { path: '*', page: lazyPage(() => import('./features/notFound/NotFoundPage'), 'NotFoundPage') },
];

/** The page a path shows (the not-found page when no other matches). */
export function pageFor(pathname: string): LazyPage | undefined {
  const routes = pageRoutes.map(({ path, page }) => ({ path, index: path === undefined, page }));
  return matchRoutes(routes, pathname)?.at(-1)?.route.page;
}

/** Loads the page a path shows, so the first render draws it without a loading state. */
export async function preloadPage(pathname: string): Promise<void> {
  await pageFor(pathname)?.preload();
}

/** Mounted by the shell at /*; each page's chunk is fetched on its first visit. */
export default function App() {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        {pageRoutes.map(({ path, page: Page }) =>
          path === undefined ? (
            <Route key="index" index element={<Page />} />
          ) : (
            <Route key={path} path={path} element={<Page />} />
          ),
        )}
      </Routes>
    </Suspense>
  );
}
