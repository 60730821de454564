import type { EventSummary } from './useEvents';

export const DAY = 24 * 60 * 60 * 1000;

/** An active, free event five days ahead, for the events tests; overrides set what a test needs. */
export function newEvent(overrides: Partial<EventSummary> = {}): EventSummary {
  return {
    _id: 'e1',
    cancelledAt: null,
    title: 'Coffee Evening',
    description: 'Buna',
    category: 'cultural',
    date: new Date(Date.now() + 5 * DAY).toISOString(),
    time: '18:30',
    location: { name: 'Hall', country: 'Canada', address: null, city: 'Toronto' },
    image: null,
    images: [],
    videos: [],
    isActive: true,
    isFree: true,
    pricing: {},
    maxAttendees: null,
    organizer: { name: 'Selam' },
    goingCount: 3,
    waitlistCount: 0,
    isUpcoming: true,
    userStatus: null,
    likes: 0,
    dislikes: 0,
    myReaction: null,
    views: 0,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}
