import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * The dashboard's delete flow, one for every list: ask with the browser's confirm, then run the
 * delete mutation by id; `failed` tells the tab to show its delete-failed alert until the next try.
 */
export function useConfirmedDelete<Deleted>(
  remove: UseMutationResult<Deleted, Error, string>,
  confirmText: string,
) {
  const [failed, setFailed] = useState(false);
  const confirmDelete = (id: string, onDeleted?: () => void) => {
    if (!window.confirm(confirmText)) return;
    setFailed(false);
    remove.mutate(id, { onSuccess: () => onDeleted?.(), onError: () => setFailed(true) });
  };
  return {
    confirmDelete,
    failed,
    clearFailure: () => setFailed(false),
    pending: remove.isPending,
  };
}
