import { isNetworkError, type DoorList } from '@diaspora/api-client';
import { checkInApi } from './checkInApi';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  conflictsOf,
  decideOffline,
  keepList,
  keptList,
  queued,
  setQueue,
  type DoorAnswer,
} from './doorStore';

/** Every door polls the counts this often: live enough at a door, cheap for the API (ADR 0057). */
export const COUNTS_POLL_MS = 5000;
/** The held list is refreshed this often, so a door that goes offline knows recent tickets. */
const LIST_POLL_MS = 30000;

/**
 * One door of one event: its list (kept for offline use), the live counts, check-in online or
 * queued offline, and the sync of the queue when the network is back, with its conflicts.
 */
export function useDoor(eventId: string) {
  const queryClient = useQueryClient();
  const countsKey = ['door', eventId, 'counts'];
  const list = useQuery({
    queryKey: ['door', eventId, 'list'],
    queryFn: async (): Promise<DoorList & { kept?: boolean }> => {
      try {
        const fresh = await checkInApi.list(eventId);
        keepList(eventId, fresh);
        return fresh;
      } catch (error) {
        const kept = keptList(eventId);
        if (isNetworkError(error) && kept) return { ...kept, kept: true };
        throw error;
      }
    },
    refetchInterval: LIST_POLL_MS,
    networkMode: 'always',
    retry: false,
  });
  const counts = useQuery({
    queryKey: countsKey,
    queryFn: () => checkInApi.counts(eventId),
    refetchInterval: COUNTS_POLL_MS,
    networkMode: 'always',
    retry: false,
  });
  const [answer, setAnswer] = useState<DoorAnswer & { seq: number }>();
  const [failed, setFailed] = useState<unknown>();
  const [pending, setPending] = useState(() => queued(eventId).length);
  const [conflicts, setConflicts] = useState<DoorAnswer[]>([]);
  const [online, setOnline] = useState(() => navigator.onLine);
  const seq = useRef(0);
  const syncing = useRef(false);

  const show = useCallback((next: DoorAnswer) => {
    seq.current += 1;
    setFailed(undefined);
    setAnswer({ ...next, seq: seq.current });
  }, []);

  const admitOffline = useCallback(
    (code: string) => {
      const held = list.data ?? keptList(eventId);
      if (!held) return setFailed(new Error('no list'));
      const decision = decideOffline(held, queued(eventId), code, new Date());
      setQueue(eventId, decision.queue);
      setPending(decision.queue.length);
      show(decision.answer);
    },
    [eventId, list.data, show],
  );

  const admit = useCallback(
    async (code: string, source: 'scan' | 'search') => {
      if (!navigator.onLine) return admitOffline(code);
      try {
        const reply = await checkInApi.checkIn(eventId, code, source);
        queryClient.setQueryData(countsKey, reply.counts);
        show({
          result: `${reply.result}`,
          name: reply.attendee?.name,
          ticketType: reply.attendee?.ticketType,
          checkedInAt: reply.checkedInAt,
          checkedInBy: reply.checkedInBy,
        });
      } catch (error) {
        if (isNetworkError(error)) return admitOffline(code);
        setFailed(error);
      }
    },
    // countsKey is rebuilt each render from eventId alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [eventId, admitOffline, queryClient, show],
  );

  const sync = useCallback(async () => {
    const queue = queued(eventId);
    if (!queue.length || syncing.current) return;
    syncing.current = true;
    try {
      const reply = await checkInApi.sync(eventId, queue);
      // Only what was sent leaves the queue: scans made during the sync stay for the next one.
      const sent = new Set(queue.map((q) => `${q.code} ${q.scannedAt}`));
      const left = queued(eventId).filter((q) => !sent.has(`${q.code} ${q.scannedAt}`));
      setQueue(eventId, left);
      setPending(left.length);
      setConflicts((before) => [...conflictsOf(reply.results, list.data), ...before]);
      queryClient.setQueryData(['door', eventId, 'counts'], reply.counts);
      void list.refetch();
    } catch {
      // Still unreachable: the queue stays and the next 'online' or poll tries again.
    } finally {
      syncing.current = false;
    }
  }, [eventId, list, queryClient]);

  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      void sync();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    if (navigator.onLine) void sync();
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [sync]);

  return { list, counts, answer, failed, pending, conflicts, online, admit, sync };
}
