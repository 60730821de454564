import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useDeferredQuery } from './useDeferredQuery';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

describe('useDeferredQuery', () => {
  it('shows the loading state until the deferred render has the answer, then the answer', async () => {
    const seen: Array<[boolean, string | undefined]> = [];
    const { result } = renderHook(
      () => {
        const query = useDeferredQuery(
          useQuery({ queryKey: ['answer'], queryFn: async () => 'answer' }),
        );
        seen.push([query.isPending, query.data]);
        return query;
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.data).toBe('answer'));
    expect(result.current.isSuccess).toBe(true);
    // Never "done loading" without its data: every render is loading or has the answer.
    expect(
      seen.every(([pending, data]) => (pending ? data === undefined : data === 'answer')),
    ).toBe(true);
    expect(seen[0]).toEqual([true, undefined]);
  });

  it('passes a failed query through as it is', async () => {
    const { result } = renderHook(
      () =>
        useDeferredQuery(
          useQuery({
            queryKey: ['failing'],
            retry: false,
            queryFn: async (): Promise<string> => {
              throw new Error('down');
            },
          }),
        ),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.data).toBeUndefined();
    expect(result.current.isPending).toBe(false);
  });
});
