import { remoteComponent } from './remoteComponent';

declare const __PORTAL_ENTRY__: string;
declare const __ADMIN_ENTRY__: string;

interface RuntimeRemotesConfig {
  __APP_CONFIG__?: { remotes?: Record<string, string> };
}

/** A remote's entry URL: the runtime configuration's (/config.js), else the build's default. */
function entryOf(name: string, built: string): string {
  return (globalThis as RuntimeRemotesConfig).__APP_CONFIG__?.remotes?.[name] ?? built;
}

// In development one Vite server serves the remotes' sources (vite.config.ts aliases these).
const loadPortal = (): Promise<typeof import('portal/App')> =>
  import.meta.env.DEV
    ? import('portal/App')
    : import(/* @vite-ignore */ entryOf('portal', __PORTAL_ENTRY__));
const loadAdminConsole = (): Promise<typeof import('admin_console/App')> =>
  import.meta.env.DEV
    ? import('admin_console/App')
    : import(/* @vite-ignore */ entryOf('admin_console', __ADMIN_ENTRY__));

// The portal's App comes with the page of the current address, so its first render draws it.
export const PortalRemote = remoteComponent(() =>
  loadPortal().then(async (app) => {
    await app.preloadPage?.(window.location.pathname);
    return app;
  }),
);
export const AdminConsoleRemote = remoteComponent(loadAdminConsole);
