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
