import { AppProviders } from '@diaspora/ui';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuoteCarousel } from './QuoteCarousel';
import { CAROUSEL_INTERVAL_MS } from './useCarousel';

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('reduce'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

const renderCarousel = () =>
  render(
    <AppProviders>
      <QuoteCarousel />
    </AppProviders>,
  );

const FIRST = /When spider webs unite/;
const SECOND = /Little by little, an egg will walk/;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('QuoteCarousel', () => {
  it('shows 8 quotes, advancing every 5 seconds and wrapping around', () => {
    mockReducedMotion(false);
    renderCarousel();
    expect(screen.getAllByRole('button', { name: /Show quote/ })).toHaveLength(8);
    expect(screen.getByText(FIRST)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1));
    expect(screen.getByText(FIRST)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(SECOND)).toBeInTheDocument();
    for (let i = 0; i < 7; i++) act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(screen.getByText(FIRST)).toBeInTheDocument();
  });

  it('stops while paused and resumes on play; the live region speaks only when still', () => {
    mockReducedMotion(false);
    renderCarousel();
    const figure = screen.getByRole('figure', { name: 'Quote 1 of 8' });
    expect(figure).toHaveAttribute('aria-live', 'off');
    fireEvent.click(screen.getByRole('button', { name: 'Pause quotes' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Play quotes' }));
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(screen.getByText(FIRST)).toBeInTheDocument();
    expect(figure).toHaveAttribute('aria-live', 'polite');
    fireEvent.click(screen.getByRole('button', { name: 'Play quotes' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Pause quotes' }));
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(screen.getByText(SECOND)).toBeInTheDocument();
  });

  it('holds still while hovered', () => {
    mockReducedMotion(false);
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Words that inspire us' });
    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 2));
    expect(screen.getByText(FIRST)).toBeInTheDocument();
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(screen.getByText(SECOND)).toBeInTheDocument();
  });

  it('never moves by itself for readers who prefer reduced motion, but arrows still work', () => {
    mockReducedMotion(true);
    renderCarousel();
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(screen.getByText(FIRST)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause quotes' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next quote' }));
    expect(screen.getByText(SECOND)).toBeInTheDocument();
  });
});
