import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';

interface RuntimeRemotesConfig {
  __APP_CONFIG__?: { remotes?: Record<string, string> };
}

/** Points each remote at the entry URL of the runtime configuration (/config.js); build values are defaults. */
export default function runtimeRemoteEntries(): ModuleFederationRuntimePlugin {
  return {
    name: 'runtime-remote-entries',
    beforeInit(args) {
      const entries = (globalThis as RuntimeRemotesConfig).__APP_CONFIG__?.remotes ?? {};
      const remotes = (args.userOptions.remotes ?? []).map((remote) => {
        const entry = entries[remote.name];
        return entry && 'entry' in remote ? { ...remote, entry } : remote;
      });
      return { ...args, userOptions: { ...args.userOptions, remotes } };
    },
  };
}
