/** The sharing contract of the host and its remotes: everything that holds React context is one instance. */
export const sharedSingletons = {
  react: { singleton: true },
  'react-dom': { singleton: true },
  'react-router': { singleton: true },
  '@tanstack/react-query': { singleton: true },
  i18next: { singleton: true },
  'react-i18next': { singleton: true },
  '@diaspora/session': { singleton: true },
  '@diaspora/i18n': { singleton: true },
  '@diaspora/api-client': { singleton: true },
};
