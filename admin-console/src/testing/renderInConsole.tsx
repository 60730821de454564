import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

/** The one way to render a console screen in tests: the app's providers, a fresh query client that fails at once (no retries), and a router when asked (a string is its initial entry). */
export function renderInConsole(
  node: ReactNode,
  options: { router?: boolean | string } = {},
): RenderResult {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (
    <AppProviders>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </AppProviders>
  );
  const { router } = options;
  if (router === undefined || router === false) return render(ui);
  return render(
    <MemoryRouter initialEntries={typeof router === 'string' ? [router] : undefined}>
      {ui}
    </MemoryRouter>,
  );
}
