import { remoteComponent } from './remoteComponent';

// The portal's App comes with the page of the current address, so its first render draws it.
export const PortalRemote = remoteComponent(() =>
  import('portal/App').then(async (app) => {
    await app.preloadPage?.(window.location.pathname);
    return app;
  }),
);
export const AdminConsoleRemote = remoteComponent(() => import('admin_console/App'));
