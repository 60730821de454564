import { api, unwrap, type DoorEvent, type EntryTicket } from '@diaspora/api-client';

/** Issue 39: the member's entry tickets, with the signed codes their QR codes carry. */
export const entryTicketsApi = {
  mine: (): Promise<EntryTicket[]> => unwrap(api.GET('/api/tickets')),
};

/** Issue 39: the events the caller is door staff of (admins: every upcoming one). */
export const doorEventsApi = {
  mine: (): Promise<DoorEvent[]> => unwrap(api.GET('/api/events/door-events')),
};
