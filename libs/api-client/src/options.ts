import {
  ContentType as ContentTypeEnum,
  Country,
  EnrollmentStatus,
  EventCategory as EventCategoryEnum,
  Language,
  ListingCategory,
  ListingType,
  NewsCategory,
  RsvpAnswer as RsvpAnswerEnum,
  RsvpStatus as RsvpStatusEnum,
  TicketType as TicketTypeEnum,
  UserReaction as UserReactionEnum,
} from './schema';

// The backend's option lists, named once in its OpenAPI document (enumName) and read at run time
// from the generated schema, so the front ends never restate them. The types are the values as
// string literals, so screens may write 'going' as well as RsvpAnswer.going.

export type EventCategory = `${EventCategoryEnum}`;
export type TicketType = `${TicketTypeEnum}`;
export type ArticleCategory = `${NewsCategory}`;
export type RsvpAnswer = `${RsvpAnswerEnum}`;
export type RsvpStatus = `${RsvpStatusEnum}`;
/** The content types that take reactions, comments and views (one API for all of them). */
export type ContentType = `${ContentTypeEnum}`;
/** The caller's own reaction to an item; `none` until they like or dislike it. */
export type UserReaction = `${UserReactionEnum}`;

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

/**
 * The member of a generated enum that a select's or the address bar's text names, if it names
 * one: how a screen turns text into the API's type without a cast (unknown text gives undefined).
 */
export function oneOf<E extends Record<string, string>>(
  options: E,
  value: string | undefined,
): E[keyof E] | undefined {
  return (Object.values(options) as Array<E[keyof E]>).find((option) => option === value);
}

/** The enum member a select's or the address bar's text names, if it names one. */
export const toEnrollmentStatus = (value?: string) => oneOf(EnrollmentStatus, value);
export const toEventCategory = (value?: string) => oneOf(EventCategoryEnum, value);
export const toArticleCategory = (value?: string) => oneOf(NewsCategory, value);
export const toListingType = (value?: string) => oneOf(ListingType, value);
export const toListingCategory = (value?: string) => oneOf(ListingCategory, value);
export const toCountry = (value?: string) => oneOf(Country, value);
/** The API's language for the interface's (unknown text gives undefined: the server's default). */
export const toLanguage = (value?: string) => oneOf(Language, value);

/**
 * The enum member a value typed as one of its literals ('going') names: total, so a screen
 * that writes literals can fill a request body typed with the generated enum without a cast.
 */
export function memberOf<E extends Record<string, string>>(
  options: E,
  value: `${E[keyof E]}`,
): E[keyof E] {
  const member = oneOf(options, value);
  // Unreachable while the literal types come from the same generated enum.
  if (member === undefined) throw new RangeError(`${value} is not one of the API's options`);
  return member;
}

export const toRsvpAnswer = (value: RsvpAnswer) => memberOf(RsvpAnswerEnum, value);
export const toTicketType = (value: TicketType) => memberOf(TicketTypeEnum, value);
