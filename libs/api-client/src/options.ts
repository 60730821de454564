import {
  EnrollmentStatus,
  EventCategory as EventCategoryEnum,
  ListingCategory,
  ListingType,
  NewsCategory,
  RsvpAnswer as RsvpAnswerEnum,
  RsvpStatus as RsvpStatusEnum,
  TicketType as TicketTypeEnum,
} from './schema';

// The backend's option lists, named once in its OpenAPI document (enumName) and read at run time
// from the generated schema, so the front ends never restate them. The types are the values as
// string literals, so screens may write 'going' as well as RsvpAnswer.going.

export type EventCategory = `${EventCategoryEnum}`;
export type TicketType = `${TicketTypeEnum}`;
export type ArticleCategory = `${NewsCategory}`;
export type RsvpAnswer = `${RsvpAnswerEnum}`;
export type RsvpStatus = `${RsvpStatusEnum}`;

/** Every event category, in the backend's order. */
export const EVENT_CATEGORIES: readonly EventCategory[] = Object.values(EventCategoryEnum);
/** Every ticket type of a paid event, in the backend's order. */
export const TICKET_TYPES: readonly TicketType[] = Object.values(TicketTypeEnum);
/** The answers a member can give, in the backend's order. */
export const RSVP_ANSWERS: readonly RsvpAnswer[] = Object.values(RsvpAnswerEnum);

/** Directory listing types and categories (spec 9), in the backend's order. */
export const LISTING_TYPES: readonly `${ListingType}`[] = Object.values(ListingType);
export const LISTING_CATEGORIES: readonly `${ListingCategory}`[] = Object.values(ListingCategory);
export type EnrollmentStatusValue = `${EnrollmentStatus}`;
/** Every enrollment status, in the backend's order (pending first). */
export const ENROLLMENT_STATUSES: readonly EnrollmentStatus[] = Object.values(EnrollmentStatus);

/** The status a select's text names, if it names one. */
export const toEnrollmentStatus = (value: string): EnrollmentStatus | undefined =>
  ENROLLMENT_STATUSES.find((status) => status === value);
