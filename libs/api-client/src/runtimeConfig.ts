/** Deployment settings read at run time (from /config.js), so one build serves any origin. */
export interface AppConfig {
  /** Origin the /api paths are resolved against; '' means the page's own origin. */
  apiOrigin: string;
  /** Remote entry URLs keyed by federation remote name. */
  remotes: Record<string, string>;
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>;
  }
}

const defaults: AppConfig = {
  apiOrigin: import.meta.env?.VITE_API_ORIGIN ?? '',
  remotes: {
    portal: '/remotes/portal/remoteEntry.js',
    admin_console: '/remotes/admin/remoteEntry.js',
  },
};

export function getAppConfig(): AppConfig {
  const configured = typeof window === 'undefined' ? undefined : window.__APP_CONFIG__;
  return {
    apiOrigin: (configured?.apiOrigin ?? defaults.apiOrigin).replace(/\/$/, ''),
    remotes: { ...defaults.remotes, ...configured?.remotes },
  };
}
