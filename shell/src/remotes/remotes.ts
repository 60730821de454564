import { getAppConfig } from '@diaspora/api-client';
import { remoteComponent } from './remoteComponent';

/**
 * A remote's exposed module: from its entry URL in the runtime configuration (/config.js, with
 * the api-client's defaults); in development, from the source one Vite server serves in place
 * (`inDevelopment`, which vite.config.ts aliases).
 */
function remoteModule<Module>(name: string, inDevelopment: () => Promise<Module>) {
  return (): Promise<Module> =>
    import.meta.env.DEV ? inDevelopment() : import(/* @vite-ignore */ getAppConfig().remotes[name]);
}

const loadPortal = remoteModule('portal', () => import('portal/App'));

// The portal's App comes with the page of the current address, so its first render draws it.
export const PortalRemote = remoteComponent(() =>
  loadPortal().then(async (app) => {
    await app.preloadPage?.(window.location.pathname);
    return app;
  }),
);
export const AdminConsoleRemote = remoteComponent(
  remoteModule('admin_console', () => import('admin_console/App')),
);
