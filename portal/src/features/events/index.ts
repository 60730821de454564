// Events: list, detail with RSVP and payment, and the home page's upcoming events.
export { EventDetailPage } from './EventDetailPage';
export { EventsPage } from './EventsPage';
export { UpcomingEvents } from './UpcomingEvents';
export { formatPrice, formatShortDate } from './eventFormat';
