import { useEffect, useState } from 'react';

/** The quote carousel advances every 5 seconds (spec section 9). */
export const CAROUSEL_INTERVAL_MS = 5000;

/** Index of the shown item; advances on a timer, restarting the timer after a manual move. */
export function useCarousel(count: number, intervalMs = CAROUSEL_INTERVAL_MS) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [index, count, intervalMs]);
  return {
    index,
    goTo: (i: number) => setIndex(((i % count) + count) % count),
    next: () => setIndex((i) => (i + 1) % count),
    previous: () => setIndex((i) => (i - 1 + count) % count),
  };
}
