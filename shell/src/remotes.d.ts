declare module 'portal/App' {
  import type { ComponentType } from 'react';
  const App: ComponentType;
  export default App;
}

declare module 'admin_console/App' {
  import type { ComponentType } from 'react';
  const App: ComponentType;
  export default App;
}
