import { useEffect, useRef, useState } from 'react';

export type LinkState<T> =
  { status: 'working' } | { status: 'done'; value: T } | { status: 'failed'; cause: unknown };

/**
 * Redeems an emailed one-time link once on arrival. The ref keeps React's development double
 * effect from sending it twice (the second call would find the link used up and show a failure).
 */
export function useLinkOnce<T>(token: string | undefined, redeem: (token: string) => Promise<T>) {
  const [state, setState] = useState<LinkState<T>>({ status: 'working' });
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    redeem(token).then(
      (value) => setState({ status: 'done', value }),
      (cause: unknown) => setState({ status: 'failed', cause }),
    );
  }, [token, redeem]);
  return state;
}
