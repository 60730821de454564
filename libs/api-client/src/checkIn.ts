import type { components } from './schema';

// Types only: the calls live with the screens that make them (admin console, portal), so the
// shared api-client chunk of every first page does not grow.
type Schemas = components['schemas'];
export type EntryTicket = Schemas['EntryTicketDto'];
export type DoorEvent = Schemas['DoorEventDto'];
export type DoorList = Schemas['DoorListDto'];
export type DoorAttendee = Schemas['DoorAttendeeDto'];
export type CheckInAnswer = Schemas['CheckInAnswerDto'];
export type CheckInCounts = Schemas['CheckInCountsDto'];
export type CheckInSyncAnswer = Schemas['CheckInSyncAnswerDto'];
export type SyncedCheckIn = Schemas['SyncedCheckInDto'];
export type DoorStaff = Schemas['DoorStaffDto'];
/** The door's answers as plain strings (the schema's enums widened to their values). */
export type CheckInResult = `${CheckInAnswer['result']}`;
export type SyncedCheckInResult = `${SyncedCheckIn['result']}`;
