import { AppProviders } from '@diaspora/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Layout } from './Layout';

vi.hoisted(() => {
  window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          {
            path: '/',
            element: (
              <>
                <Link to="/about">To about</Link>
                <Link to="/?page=2">Next page</Link>
              </>
            ),
          },
          { path: '/about', element: <h1>About</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('Layout', () => {
  it('leaves focus alone on the first page, and moves it to the content on a new page', async () => {
    window.scrollTo = vi.fn();
    renderAt('/');
    expect(screen.getByRole('main')).not.toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(screen.getByRole('main')).not.toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'To about' }));
    expect(await screen.findByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
