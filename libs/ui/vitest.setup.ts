import '@testing-library/jest-dom/vitest';
import { i18n } from '@diaspora/i18n';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor wait 5 s, not 1 s: on the shared 2-core machine a chained request can take longer.
configure({ asyncUtilTimeout: 5000 });

// The app loads Amharic texts on demand; tests ask for either language at any time.
await i18n.loadLanguages('am');

afterEach(() => {
  cleanup();
  localStorage.clear();
});
