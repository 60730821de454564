declare module 'portal/App' {
  import type { ComponentType } from 'react';
  const App: ComponentType;
  export default App;
  /** Loads the page a path shows, so the first render needs no loading state. */
  export function preloadPage(pathname: string): Promise<void>;
}

declare module 'admin_console/App' {
  import type { ComponentType } from 'react';
  const App: ComponentType;
  export default App;
}

declare module 'virtual:shared-modules' {
  /** A loader per shared package, in the import map's order (shell/build/sharedModules.ts). */
  export const sharedLoaders: (() => Promise<unknown>)[];
}
