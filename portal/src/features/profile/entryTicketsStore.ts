import { isNetworkError, type EntryTicket } from '@diaspora/api-client';
import { entryTicketsApi } from './entryTicketsApi';

const KEY = 'diaspora:entry-tickets';

/**
 * The member's entry tickets, kept in this browser once loaded so that a hall without reception
 * still shows them (issue 39): the network first, the kept copy when it cannot be reached.
 */
export async function loadEntryTickets(userId: string): Promise<{
  tickets: EntryTicket[];
  offline: boolean;
}> {
  try {
    const tickets = await entryTicketsApi.mine();
    localStorage.setItem(KEY, JSON.stringify({ userId, tickets }));
    // Offline, the service worker answers with the copy it kept (docs/adr/0071).
    return { tickets, offline: !navigator.onLine };
  } catch (error) {
    const kept = keptTickets(userId);
    if (isNetworkError(error) && kept) return { tickets: kept, offline: true };
    throw error;
  }
}

/** The copy kept for this member, if any (another member's is never shown). */
export function keptTickets(userId: string): EntryTicket[] | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as {
      userId: string;
      tickets: EntryTicket[];
    } | null;
    return kept?.userId === userId ? kept.tickets : undefined;
  } catch {
    return undefined;
  }
}
