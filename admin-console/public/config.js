/* global window */
// Deployment settings of the standalone admin console; apiOrigin '' means the same origin.
window.__APP_CONFIG__ = window.__APP_CONFIG__ || { apiOrigin: '' };
