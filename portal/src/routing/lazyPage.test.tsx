import { render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazyPage';

/** Stands in for the shell's boundary around the portal: a failed page shows "failed". */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children;
  }
}

const mount = (Page: ReturnType<typeof lazyPage>, key: number) =>
  render(
    <Boundary key={key}>
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>
    </Boundary>,
  );

describe('lazyPage', () => {
  it('loads its chunk afresh on the next mount after a failed load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let online = false;
    const load = vi.fn(() =>
      online
        ? Promise.resolve({ AboutPage: () => <h1>About</h1> })
        : Promise.reject(new Error('chunk 404')),
    );
    const Page = lazyPage(load, 'AboutPage');
    const first = mount(Page, 1);
    expect(await screen.findByText('failed')).toBeInTheDocument();
    first.unmount();
    online = true;
    mount(Page, 2);
    expect(await screen.findByRole('heading', { name: 'About' })).toBeInTheDocument();
  });

  it('loads a page once however often it is mounted or preloaded', async () => {
    const load = vi.fn(() => Promise.resolve({ AboutPage: () => <h1>About</h1> }));
    const Page = lazyPage(load, 'AboutPage');
    await Promise.all([Page.preload(), Page.preload()]);
    mount(Page, 1);
    expect(screen.getByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
