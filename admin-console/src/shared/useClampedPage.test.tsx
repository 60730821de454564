import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useClampedPage } from './useClampedPage';

describe('useClampedPage', () => {
  it('steps back to the last page when the current one is gone', () => {
    const setPage = vi.fn();
    renderHook(() => useClampedPage(3, 2, setPage));
    expect(setPage).toHaveBeenCalledWith(2);
  });

  it('leaves a page that exists, an empty list and an unloaded list alone', () => {
    const setPage = vi.fn();
    renderHook(() => useClampedPage(2, 2, setPage));
    renderHook(() => useClampedPage(1, 0, setPage));
    renderHook(() => useClampedPage(4, undefined, setPage));
    expect(setPage).not.toHaveBeenCalled();
  });
});
