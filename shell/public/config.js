/* global window */
// Deployment settings read at run time; edit on the server without rebuilding.
window.__APP_CONFIG__ = {
  apiOrigin: '',
  remotes: {
    portal: '/remotes/portal/remoteEntry.js',
    admin_console: '/remotes/admin/remoteEntry.js',
  },
};
