import '@testing-library/jest-dom/vitest';
import { loadAllTexts } from '@diaspora/i18n';
import { startApiServer } from '@diaspora/test-support';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor wait 5 s, not 1 s: on the shared 2-core machine a chained request can take longer.
configure({ asyncUtilTimeout: 5000 });

// The API's origin as /config.js gives it: absolute request URLs for the API client under jsdom
// (a test may set another).
window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };

// The app loads Amharic and page-specific English texts on demand; tests use any text at any time.
await loadAllTexts();

// The shared stand-in API (MSW): tests answer the routes they need; other requests fail.
startApiServer();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
