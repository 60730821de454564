import {
  CreatePaymentIntentDtoTicketType,
  EnrollmentStatus,
  EventSummaryDtoCategory,
  ListingCategory,
  ListingType,
  NewsCategory,
} from './schema';

// The backend's option lists, read at run time from the schema generated from its OpenAPI
// document, so the front ends never restate them (and follow the backend when it changes).

export type EventCategory = `${EventSummaryDtoCategory}`;
export type TicketType = `${CreatePaymentIntentDtoTicketType}`;
export type ArticleCategory = `${NewsCategory}`;

/** Every event category, in the backend's order. */
export const EVENT_CATEGORIES: readonly EventCategory[] = Object.values(EventSummaryDtoCategory);
/** Every ticket type of a paid event, in the backend's order. */
export const TICKET_TYPES: readonly TicketType[] = Object.values(CreatePaymentIntentDtoTicketType);

/** Directory listing types and categories (spec 9), in the backend's order. */
export const LISTING_TYPES: readonly `${ListingType}`[] = Object.values(ListingType);
export const LISTING_CATEGORIES: readonly `${ListingCategory}`[] = Object.values(ListingCategory);
export type EnrollmentStatusValue = `${EnrollmentStatus}`;
/** Every enrollment status, in the backend's order (pending first). */
export const ENROLLMENT_STATUSES: readonly EnrollmentStatus[] = Object.values(EnrollmentStatus);

/** The status a select's text names, if it names one. */
export const toEnrollmentStatus = (value: string): EnrollmentStatus | undefined =>
  ENROLLMENT_STATUSES.find((status) => status === value);
