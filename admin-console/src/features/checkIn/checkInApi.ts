import {
  api,
  Language,
  unwrap,
  type CheckInAnswer,
  type CheckInCounts,
  type DoorEvent,
  type DoorList,
  type DoorStaff,
  type components,
} from '@diaspora/api-client';

/** The schema types `source` as an enum the shared api-client chunk does not carry: the same strings. */
type CheckInRequest = {
  code: string;
  source: components['schemas']['CheckInRequestDto']['source'];
};

const event = (id: string) => ({ params: { path: { id } } });

/** Issue 39: the door (admins and the event's door staff). */
export const checkInApi = {
  events: (): Promise<DoorEvent[]> => unwrap(api.GET('/api/events/door-events')),
  list: (id: string): Promise<DoorList> => unwrap(api.GET('/api/events/{id}/door', event(id))),
  counts: (id: string): Promise<CheckInCounts> =>
    unwrap(api.GET('/api/events/{id}/door/counts', event(id))),
  checkIn: (id: string, code: string, source: 'scan' | 'search'): Promise<CheckInAnswer> =>
    unwrap(
      api.POST('/api/events/{id}/check-ins', {
        ...event(id),
        body: { code, source: source as CheckInRequest['source'] },
      }),
    ),
  sync: (id: string, checkIns: Array<{ code: string; scannedAt: string }>) =>
    unwrap(api.POST('/api/events/{id}/check-ins/sync', { ...event(id), body: { checkIns } })),
  doorStaff: (id: string): Promise<DoorStaff[]> =>
    unwrap(api.GET('/api/events/{id}/door-staff', event(id))),
  addDoorStaff: (id: string, email: string): Promise<DoorStaff[]> =>
    unwrap(api.POST('/api/events/{id}/door-staff', { ...event(id), body: { email } })),
  removeDoorStaff: (id: string, userId: string): Promise<DoorStaff[]> =>
    unwrap(
      api.DELETE('/api/events/{id}/door-staff/{userId}', { params: { path: { id, userId } } }),
    ),
  /** The attendee CSV, its header in `lang`. */
  csv: (id: string, lang: 'en' | 'am'): Promise<Blob> =>
    unwrap(
      api.GET('/api/events/{id}/attendees.csv', {
        params: { path: { id }, query: { lang: lang as Language } },
        parseAs: 'blob',
      }),
    ) as unknown as Promise<Blob>,
};
