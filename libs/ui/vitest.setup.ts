import '@testing-library/jest-dom/vitest';
import { i18n } from '@diaspora/i18n';
import { startApiServer } from '@diaspora/test-support';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor wait 5 s, not 1 s: on the shared 2-core machine a chained request can take longer.
configure({ asyncUtilTimeout: 5000 });

// The app loads Amharic texts on demand; tests ask for either language at any time.
await i18n.loadLanguages('am');

// The shared stand-in API (MSW): tests answer the routes they need; other requests fail.
startApiServer();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
