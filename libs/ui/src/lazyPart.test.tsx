import { render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazyPart';

/** Stands in for the shell's boundary: a part that failed to load shows "failed". */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children;
  }
}

describe('lazyPart', () => {
  it('passes its props through, and loads afresh on the next mount after a failed load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let online = false;
    const Greeting = ({ name }: { name: string }) => <p>Selam, {name}</p>;
    const load = vi.fn(() =>
      online ? Promise.resolve({ Greeting }) : Promise.reject(new Error('chunk 404')),
    );
    const Part = lazyPart(load, 'Greeting');
    const show = (key: number) =>
      render(
        <Boundary key={key}>
          <Suspense fallback={<p>loading</p>}>
            <Part name="Hana" />
          </Suspense>
        </Boundary>,
      );
    const first = show(1);
    expect(await screen.findByText('failed')).toBeInTheDocument();
    first.unmount();
    online = true;
    show(2);
    expect(await screen.findByText('Selam, Hana')).toBeInTheDocument();
  });
});
