import { newEvent } from '@diaspora/test-support';

/** Event n as GET /events/:id answers it, with every field the console's editor fills. */
export const fullEvent = (n: number) =>
  newEvent({
    _id: `e${n}`,
    title: `Event ${n}`,
    description: `About event ${n}`,
    date: '2030-01-02T18:00:00.000Z',
    time: '18:00',
    location: { name: 'Hall', country: 'Canada', address: null, city: null },
  });
