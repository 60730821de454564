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
  { page: lazyPage(() => import('./features/home/HomePage'), 'HomePage') },
  { path: 'about', page: lazyPage(() => import('./features/about/AboutPage'), 'AboutPage') },
  { path: 'events', page: lazyPage(() => import('./features/events/EventsPage'), 'EventsPage') },
  {
    path: 'events/:id',
    page: lazyPage(() => import('./features/events/EventDetailPage'), 'EventDetailPage'),
  },
  { path: 'news', page: lazyPage(() => import('./features/news/NewsPage'), 'NewsPage') },
  {
    path: 'news/:id',
    page: lazyPage(() => import('./features/news/NewsDetailPage'), 'NewsDetailPage'),
  },
  {
    path: 'directory',
    page: lazyPage(() => import('./features/directory/DirectoryPage'), 'DirectoryPage'),
  },
  {
    path: 'directory/:id',
    page: lazyPage(() => import('./features/directory/ListingDetailPage'), 'ListingDetailPage'),
  },
  {
    path: 'tutorials',
    page: lazyPage(() => import('./features/tutorials/TutorialsPage'), 'TutorialsPage'),
  },
  { path: 'join', page: lazyPage(() => import('./features/join/JoinPage'), 'JoinPage') },
  {
    path: 'contact',
    page: lazyPage(() => import('./features/contact/ContactPage'), 'ContactPage'),
  },
  { path: 'login', page: lazyPage(() => import('./features/auth/LoginPage'), 'LoginPage') },
  {
    path: 'register',
    page: lazyPage(() => import('./features/auth/RegisterPage'), 'RegisterPage'),
  },
  {
    path: 'forgot-password',
    page: lazyPage(() => import('./features/account/ForgotPasswordPage'), 'ForgotPasswordPage'),
  },
  {
    path: 'reset-password',
    page: lazyPage(() => import('./features/account/ResetPasswordPage'), 'ResetPasswordPage'),
  },
  {
    path: 'verify-email',
    page: lazyPage(() => import('./features/account/VerifyEmailPage'), 'VerifyEmailPage'),
  },
  {
    path: 'confirm-email',
    page: lazyPage(() => import('./features/account/ConfirmEmailPage'), 'ConfirmEmailPage'),
  },
  {
    path: 'profile',
    page: lazyPage(() => import('./features/profile/ProfilePage'), 'ProfilePage'),
  },
  { path: 'privacy', page: lazyPage(() => import('./features/legal/PrivacyPage'), 'PrivacyPage') },
  { path: 'terms', page: lazyPage(() => import('./features/legal/TermsPage'), 'TermsPage') },
  {
    path: 'test-api',
    page: lazyPage(() => import('./features/devtools/TestApiPage'), 'TestApiPage'),
  },
  {
    path: 'simple-test',
    page: lazyPage(() => import('./features/devtools/SimpleTestPage'), 'SimpleTestPage'),
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
