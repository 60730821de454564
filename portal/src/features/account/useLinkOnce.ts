import { useCallback, useEffect, useRef, useState } from 'react';

export type LinkState<T> =
  { status: 'working' } | { status: 'done'; value: T } | { status: 'failed'; cause: unknown };

/**
 * Redeems an emailed one-time link once on arrival. The ref keeps React's development double
 * effect from sending it twice (the second call would find the link used up and show a failure).
 * `retry` sends it again, for a failure that had no answer (offline).
 */
export function useLinkOnce<T>(token: string | undefined, redeem: (token: string) => Promise<T>) {
  const [state, setState] = useState<LinkState<T>>({ status: 'working' });
  const sent = useRef(false);
  const send = useCallback(
    (value: string) => {
      setState({ status: 'working' });
      redeem(value).then(
        (result) => setState({ status: 'done', value: result }),
        (cause: unknown) => setState({ status: 'failed', cause }),
      );
    },
    [redeem],
  );
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    send(token);
  }, [token, send]);
  const retry = useCallback(() => {
    if (token) send(token);
  }, [token, send]);
  return { state, retry };
}
