import { isApiRequestError, isNetworkError } from '@diaspora/api-client';
import { useState } from 'react';

export type ProbeResult =
  | { kind: 'ok'; body: unknown }
  | { kind: 'failed'; status: number; body: unknown }
  | { kind: 'network' };

/** Runs one developer call and keeps its raw outcome. */
export function useApiProbe() {
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<ProbeResult | null>(null);
  const run = async (call: () => Promise<unknown>) => {
    setRunning(true);
    try {
      setResult({ kind: 'ok', body: await call() });
    } catch (error) {
      if (isApiRequestError(error))
        setResult({ kind: 'failed', status: error.status, body: error.body });
      else if (isNetworkError(error)) setResult({ kind: 'network' });
      else throw error;
    } finally {
      setRunning(false);
    }
  };
  return { running, result, run };
}
