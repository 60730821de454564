import { api, unwrap, type EntryTicket } from '@diaspora/api-client';

/** Issue 39: the member's entry tickets, with the signed codes their QR codes carry. */
export const entryTicketsApi = {
  mine: (): Promise<EntryTicket[]> => unwrap(api.GET('/api/tickets')),
};
