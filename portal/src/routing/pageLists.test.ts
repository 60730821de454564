import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import ACCESSIBILITY from '../../../e2e/tests/accessibility.spec.ts?raw';
import AMHARIC from '../../../e2e/tests/amharic.spec.ts?raw';
import { pageRoutes } from '../App';

// A new portal page must be opened by the browser e2e's axe checks and its Amharic walk; a page
// left out of either list fails nowhere else. What to do when this fails: docs/adding-a-feature.md.

/** Routes consciously left out of a list, and why (add one only with its reason). */
const UNLISTED: Record<'accessibility' | 'amharic', Record<string, string>> = {
  accessibility: {
    'reset-password': 'reached by an emailed link with a token; not yet in the list',
    'verify-email': 'reached by an emailed link with a token; not yet in the list',
    'confirm-email': 'reached by an emailed link with a token; not yet in the list',
    'delete-account': 'reached by an emailed link with a token; not yet in the list',
    'test-api': "a developer's tool page, not a product page",
    'simple-test': "a developer's tool page, not a product page",
  },
  amharic: {
    'reset-password': 'reached by an emailed link with a token; not yet in the list',
    'verify-email': 'reached by an emailed link with a token; not yet in the list',
    'confirm-email': 'reached by an emailed link with a token; not yet in the list',
    'delete-account': 'reached by an emailed link with a token; not yet in the list',
    'test-api': "a developer's tool page, not a product page",
    'simple-test': "a developer's tool page, not a product page",
  },
};

/** A route's name in messages and in UNLISTED: its path, `/` for the index page. */
const nameOf = (path: string | undefined) => path ?? '/';

/**
 * The portal paths a spec opens: every quoted path ('/news', `/events/${id}`), an interpolation
 * standing for an id; the API's and the admin console's paths are not the portal's.
 */
function pathsIn(source: string): string[] {
  const paths = [...source.matchAll(/(['`])(\/[^'`\s]*)\1/g)].map(([, , path]) =>
    path.replace(/\$\{[^}]*\}/g, 'some-id'),
  );
  return paths.filter((path) => !/^\/(api|admin)(\/|$|\?)/.test(path));
}

/** The routes the paths reach, by the portal's own route matching. */
function routesReached(paths: string[]): Set<string> {
  const routes = pageRoutes.map(({ path }) => ({ path, index: path === undefined }));
  return new Set(
    paths.flatMap((path) => {
      const route = matchRoutes(routes, path)?.at(-1)?.route;
      return route ? [nameOf(route.path)] : [];
    }),
  );
}

describe.each([
  ['accessibility', 'e2e/tests/accessibility.spec.ts', ACCESSIBILITY],
  ['amharic', 'e2e/tests/amharic.spec.ts', AMHARIC],
] as const)("the %s e2e's list of pages", (list, file, source) => {
  it('opens every page of the portal', () => {
    const reached = routesReached(pathsIn(source));
    const missing = pageRoutes
      .map(({ path }) => nameOf(path))
      .filter((name) => !reached.has(name) && !(name in UNLISTED[list]))
      .map((name) => `${name}: add its path (an id as \`\${id}\`) to the pages ${file} opens`);
    expect(missing).toEqual([]);
  });

  it('has no stale exemption (a route listed since, or gone)', () => {
    const reached = routesReached(pathsIn(source));
    const names = new Set(pageRoutes.map(({ path }) => nameOf(path)));
    const stale = Object.keys(UNLISTED[list]).filter(
      (name) => reached.has(name) || !names.has(name),
    );
    expect(stale).toEqual([]);
  });

  it('finds the paths it checks (would pass vacuously otherwise)', () => {
    const reached = routesReached(pathsIn(source));
    expect(reached.size).toBeGreaterThan(10);
    expect(reached.has('events/:id')).toBe(true);
  });
});
