import { lazyPart } from '@diaspora/ui';
import type { ComponentType, ReactNode } from 'react';

/** A page in a chunk of its own: `preload` fetches it ahead of its first render. */
export type LazyPage = ComponentType & {
  /** The page component's export name (its chunk exports it), for the first view's preload list. */
  readonly pageName: string;
  preload(): Promise<void>;
};

/** A page of the route table: a part without props that knows its export name. */
export function lazyPage<M extends Record<K, () => ReactNode>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  namespaces: readonly string[] = [],
): LazyPage {
  return Object.assign(lazyPart<M, K, object>(load, name, namespaces), { pageName: name });
}
