/** Codes the event, RSVP and ticket rules answer besides the common ones. */
export enum EventsErrorCode {
  EVENT_NOT_FOUND = 'EVENT_NOT_FOUND',
  EVENT_INACTIVE = 'EVENT_INACTIVE',
  EVENT_ENDED = 'EVENT_ENDED',
  EVENT_FULL = 'EVENT_FULL',
  EVENT_IS_FREE = 'EVENT_IS_FREE',
  TICKET_REQUIRED = 'TICKET_REQUIRED',
}
