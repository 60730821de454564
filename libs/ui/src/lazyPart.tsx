import { loadNamespaces } from '@diaspora/i18n';
import { lazy, useState, type ComponentType, type ReactNode } from 'react';
import { loadWithin } from './chunkLoad';

/** A component in a chunk of its own, loaded on its first render (`preload`: ahead of it). */
export type LazyPart<P extends object> = ComponentType<P> & { preload(): Promise<void> };

/** A function component as a chunk exports it; its props are read from it. */
type ExportedComponent = (props: never) => ReactNode;
type PropsOf<C> = C extends (props: infer P) => ReactNode
  ? unknown extends P
    ? object
    : P & object
  : object;

/**
 * A component loaded on first use (React.lazy), which renders at once, without suspending, once
 * `preload` has resolved. `namespaces` are the texts it draws with beyond the bundled ones (libs/i18n
 * english.ts), loaded with its code. A load that fails, or is not there in spec 9's 120 s, throws
 * to the nearest boundary (the shell's Retry), and the next mount loads afresh: React.lazy alone
 * would keep the failure for the page's whole life.
 */
export function lazyPart<
  M extends Record<K, ExportedComponent>,
  K extends keyof M & string,
  P extends object = PropsOf<M[K]>,
>(load: () => Promise<M>, name: K, namespaces: readonly string[] = []): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  let first: Promise<ComponentType<P>> | undefined;
  const loadOnce = () =>
    (first ??= Promise.all([loadWithin(load), loadNamespaces(namespaces)]).then(
      ([module]) => {
        // The export named `name` takes exactly P (P is read from it).
        loaded = module[name] as unknown as ComponentType<P>;
        return loaded;
      },
      (error: unknown) => {
        first = undefined;
        throw error;
      },
    ));

  function Part(props: P) {
    // Chosen once per mount, so a part never switches component (and loses state) mid-life.
    const [Component] = useState<ComponentType<P>>(
      () => loaded ?? lazy(() => loadOnce().then((component) => ({ default: component }))),
    );
    return <Component {...props} />;
  }
  return Object.assign(Part, {
    preload: async () => {
      await loadOnce();
    },
  });
}
