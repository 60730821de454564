import { AppProviders } from '@diaspora/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, lazy, Suspense, type ComponentType } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Layout } from './Layout';

vi.hoisted(() => {
  window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
});

function renderAt(path: string, about: ComponentType = () => <h1>About</h1>) {
  const About = about;
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
          { path: '/about', element: <About /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <Suspense fallback={<p>Loading</p>}>
        <RouterProvider router={router} />
      </Suspense>
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

  it('leaves focus where the reader moved it while the new page loaded', async () => {
    window.scrollTo = vi.fn();
    // The new page's code arrives when released: until then the old page stays (a transition).
    let release = () => undefined as void;
    const About = lazy(
      () =>
        new Promise<{ default: ComponentType }>((resolve) => {
          release = () => resolve({ default: () => <h1>About</h1> });
        }),
    );
    renderAt('/', About);
    const menu = screen.getByRole('button', { name: /Open menu/ });
    await userEvent.click(screen.getByRole('link', { name: 'To about' }));
    expect(screen.getByRole('link', { name: 'To about' })).toBeInTheDocument();
    menu.focus();
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(menu).toHaveFocus();
  });
});
