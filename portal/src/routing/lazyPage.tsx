import { loadNamespaces } from '@diaspora/i18n';
import { loadWithin } from '@diaspora/ui';
import { lazy, useState, type ComponentType } from 'react';

/** A page in a chunk of its own: `preload` fetches it ahead of its first render. */
export type LazyPage = ComponentType & {
  /** The page component's export name (its chunk exports it), for the first view's preload list. */
  readonly pageName: string;
  preload(): Promise<void>;
};

/**
 * A page loaded on first use (React.lazy), which renders at once, without suspending, once
 * `preload` has resolved: the prerendered first view is then replaced in one commit. `namespaces`
 * are the texts the page draws with beyond the bundled ones (libs/i18n english.ts), loaded with
 * its code; one left out makes the page wait for it in its loading state.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  namespaces: readonly string[] = [],
): LazyPage {
  let loaded: ComponentType | undefined;
  let first: Promise<ComponentType> | undefined;
  const loadOnce = () =>
    (first ??= Promise.all([loadWithin(load), loadNamespaces(namespaces)]).then(
      ([module]) => {
        loaded = module[name];
        return loaded;
      },
      (error: unknown) => {
        // Failed or not there in spec 9's 120 s: the shell shows Retry, which mounts the page
        // again, and that mount loads afresh.
        first = undefined;
        throw error;
      },
    ));

  function Page() {
    // Chosen once per mount, so a page never switches component (and loses state) mid-life.
    const [Component] = useState<ComponentType>(
      () => loaded ?? lazy(() => loadOnce().then((component) => ({ default: component }))),
    );
    return <Component />;
  }
  return Object.assign(Page, {
    pageName: name,
    preload: async () => {
      await loadOnce();
    },
  });
}
