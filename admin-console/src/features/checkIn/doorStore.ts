import type {
  CheckInResult,
  DoorAttendee,
  DoorList,
  SyncedCheckIn,
  SyncedCheckInResult,
} from '@diaspora/api-client';

/** A check-in made while offline, waiting for the sync. */
export interface QueuedCheckIn {
  code: string;
  scannedAt: string;
}

/** What the door shows for one ticket: the server's answer, or its own while offline. */
export interface DoorAnswer {
  result: SyncedCheckInResult;
  name?: string;
  ticketType?: string;
  checkedInAt?: string | null;
  checkedInBy?: string | null;
  /** Decided on this device against the list it holds; the sync confirms it. */
  offline?: boolean;
}

const listKey = (eventId: string) => `diaspora:door-list:${eventId}`;
const queueKey = (eventId: string) => `diaspora:door-queue:${eventId}`;

function read<T>(key: string): T | undefined {
  try {
    const value = localStorage.getItem(key);
    return value === null ? undefined : (JSON.parse(value) as T);
  } catch {
    return undefined;
  }
}

/** The door list this device holds (for scanning and searching offline). */
export const keptList = (eventId: string) => read<DoorList>(listKey(eventId));
export const keepList = (eventId: string, list: DoorList) =>
  localStorage.setItem(listKey(eventId), JSON.stringify(list));

export const queued = (eventId: string): QueuedCheckIn[] => read(queueKey(eventId)) ?? [];
export const setQueue = (eventId: string, queue: QueuedCheckIn[]) =>
  queue.length
    ? localStorage.setItem(queueKey(eventId), JSON.stringify(queue))
    : localStorage.removeItem(queueKey(eventId));

/**
 * The door's own answer while offline (ADR 0057): a code on the held list that is going and not
 * yet admitted here is admitted and queued; everything else is refused as the list says. The
 * server has the last word when the queue syncs (a ticket admitted elsewhere is a conflict).
 */
export function decideOffline(
  list: DoorList,
  queue: QueuedCheckIn[],
  code: string,
  now: Date,
): { answer: DoorAnswer; queue: QueuedCheckIn[] } {
  const attendee = list.attendees.find((a) => a.code === code.trim());
  if (!attendee) {
    // Codes of other events look alike: the list cannot tell them from forgeries offline.
    return { answer: { result: 'unknown_code', offline: true }, queue };
  }
  const who = { name: attendee.name, ticketType: attendee.ticketType, offline: true };
  if (list.event.cancelled) return { answer: { result: 'event_cancelled', ...who }, queue };
  const refusal = refusalOf(attendee);
  if (refusal) return { answer: { result: refusal, ...who }, queue };
  const earlier = queue.find((q) => q.code === attendee.code);
  if (attendee.checkedInAt || earlier) {
    return {
      answer: {
        result: 'already_checked_in',
        ...who,
        checkedInAt: attendee.checkedInAt ?? earlier?.scannedAt,
        checkedInBy: attendee.checkedInBy,
      },
      queue,
    };
  }
  const scannedAt = now.toISOString();
  return {
    answer: { result: 'checked_in', ...who, checkedInAt: scannedAt },
    queue: [...queue, { code: attendee.code, scannedAt }],
  };
}

function refusalOf(attendee: DoorAttendee): CheckInResult | undefined {
  switch (`${attendee.state}`) {
    case 'refunded':
      return 'refunded';
    case 'disputed':
      return 'disputed';
    case 'not_going':
      return 'not_going';
    default:
      return undefined;
  }
}

/** The queued check-ins the server did not admit as this door did: shown to the door. */
export function conflictsOf(results: SyncedCheckIn[], list: DoorList | undefined): DoorAnswer[] {
  return results
    .filter((r) => r.result !== 'checked_in')
    .map((r) => {
      const attendee = list?.attendees.find((a) => a.code === r.code);
      return {
        result: `${r.result}` as SyncedCheckInResult,
        name: r.attendee?.name ?? attendee?.name,
        ticketType: r.attendee?.ticketType ?? attendee?.ticketType,
        checkedInAt: r.checkedInAt,
        checkedInBy: r.checkedInBy,
      };
    });
}

/** Attendees whose name or email holds the search (case- and accent-insensitive). */
export function searchAttendees(list: DoorList, search: string): DoorAttendee[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const wanted = fold(search.trim());
  if (!wanted) return [];
  return list.attendees
    .filter((a) => fold(a.name).includes(wanted) || fold(a.email).includes(wanted))
    .slice(0, 20);
}
