import { useEffect, useState } from 'react';

/** The quote carousel advances every 5 seconds (spec section 9). */
export const CAROUSEL_INTERVAL_MS = 5000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** True while the reader asks for less motion (and follows a change of that setting). */
export function usePrefersReducedMotion(): boolean {
  const query = typeof window !== 'undefined' && window.matchMedia?.(REDUCED_MOTION);
  const [reduced, setReduced] = useState(query ? query.matches : false);
  useEffect(() => {
    if (!query) return;
    const onChange = (event: MediaQueryListEvent) => setReduced(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [query]);
  return reduced;
}

/**
 * Index of the shown item; advances on a timer unless paused (by the reader, or while they hover
 * or focus it, or when they prefer reduced motion). A manual move restarts the timer.
 */
export function useCarousel(count: number, intervalMs = CAROUSEL_INTERVAL_MS) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !paused && !held && !reducedMotion;
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [index, count, intervalMs, rotating]);
  return {
    index,
    /** The timer is running (the live region stays quiet while it is). */
    rotating,
    paused,
    reducedMotion,
    togglePaused: () => setPaused((p) => !p),
    /** Holds the rotation while the pointer or focus is inside the carousel. */
    hold: (value: boolean) => setHeld(value),
    goTo: (i: number) => setIndex(((i % count) + count) % count),
    next: () => setIndex((i) => (i + 1) % count),
    previous: () => setIndex((i) => (i - 1 + count) % count),
  };
}
