import '@testing-library/jest-dom/vitest';
import { startApiServer } from '@diaspora/test-support';
import { afterEach } from 'vitest';

// The shared stand-in API (MSW): the client's requests go through a real fetch to it.
startApiServer();

afterEach(() => {
  localStorage.clear();
});
