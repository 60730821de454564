import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { DemoContext, DemoSeeder } from '../demo/demo.service';
import { MediaService } from '../media/media.service';
import { EventsRepository } from './events.repository';
import { RsvpsRepository } from './rsvps.repository';
import { TicketsRepository } from './tickets.repository';
import { EventImage, EventPricing, NewEventRow } from './events.schema';
import { venueInstant } from './venue-time';
import { cityZoneOf, soleZoneOf } from './venue-zones';

const DAY = 24 * 60 * 60 * 1000;

interface DemoEvent {
  title: string;
  description: string;
  category: string;
  inDays: number;
  time: string;
  venueName: string;
  city: string;
  country: string;
  address?: string;
  organizerName: string;
  palette: [string, string, string];
  maxAttendees?: number;
  pricing?: EventPricing;
  photos: number;
}

const DEMO_EVENTS: DemoEvent[] = [
  {
    title: 'Ethiopian New Year Gala',
    description:
      'Celebrate Enkutatash with traditional music, coffee ceremony and a dinner of injera and ' +
      'doro wat. Families welcome; dress in habesha kemis if you like.',
    category: 'cultural',
    inDays: 21,
    time: '18:00',
    venueName: 'Harbourfront Centre',
    city: 'Toronto',
    country: 'Canada',
    address: '235 Queens Quay W',
    organizerName: 'Ethiopian Diaspora Network Toronto',
    palette: ['#078930', '#fcdd09', '#da121a'],
    maxAttendees: 150,
    pricing: {
      general: { amount: 45, currency: 'usd', description: 'Dinner and performances' },
      student: { amount: 25, currency: 'usd', description: 'With a valid student card' },
      vip: { amount: 90, currency: 'usd', description: 'Front tables and a signed album' },
    },
    photos: 3,
  },
  {
    title: 'Tech Careers Meetup: From Addis to the Cloud',
    description:
      'Engineers from the diaspora share how they built careers in software, data and cloud ' +
      'infrastructure. Lightning talks, then mentoring tables.',
    category: 'business',
    inDays: 9,
    time: '17:30',
    venueName: 'Impact Hub Berlin',
    city: 'Berlin',
    country: 'Germany',
    organizerName: 'Selam Tesfaye',
    palette: ['#1d3557', '#457b9d', '#a8dadc'],
    maxAttendees: 40,
    photos: 2,
  },
  {
    title: 'Youth Mentorship Day',
    description:
      'High-school and university students meet professionals in medicine, law and engineering ' +
      'for a day of workshops on applications, scholarships and first jobs.',
    category: 'youth',
    inDays: 35,
    time: '10:00',
    venueName: 'Community Library Hall',
    city: 'Washington',
    country: 'United States',
    organizerName: 'Dawit Bekele',
    palette: ['#f4a261', '#e76f51', '#264653'],
    photos: 1,
  },
  {
    title: 'Investing Back Home: Business Forum',
    description:
      'A forum on investing in Ethiopian businesses from abroad: regulations, banking, diaspora ' +
      'bonds and stories from founders who did it.',
    category: 'business',
    inDays: 60,
    time: '09:30',
    venueName: 'ExCeL London',
    city: 'London',
    country: 'United Kingdom',
    organizerName: 'Hanna Girma',
    palette: ['#2a9d8f', '#e9c46a', '#264653'],
    maxAttendees: 200,
    pricing: {
      general: { amount: 30, currency: 'usd', description: 'Full-day pass' },
      vip: { amount: 120, currency: 'usd', description: 'Pass and investor dinner' },
    },
    photos: 2,
  },
  {
    title: 'Timket Celebration Picnic',
    description:
      'Our yearly Timket picnic in the park, with music, games for children and shared food.',
    category: 'religious',
    inDays: -45,
    time: '11:00',
    venueName: 'Rålambshovsparken',
    city: 'Stockholm',
    country: 'Sweden',
    organizerName: 'Ethiopian Diaspora Network Stockholm',
    palette: ['#6a4c93', '#1982c4', '#8ac926'],
    photos: 2,
  },
  {
    title: 'Amharic Reading Circle',
    description:
      'A monthly evening reading Amharic literature together, this time Fikir Eske Mekabir.',
    category: 'education',
    inDays: -10,
    time: '19:00',
    venueName: 'Online',
    city: 'Melbourne',
    country: 'Australia',
    organizerName: 'Selam Tesfaye',
    palette: ['#ffb703', '#fb8500', '#023047'],
    photos: 1,
  },
];

/** A small banner in the event's colours: stripes and a star-like circle, no fonts needed. */
async function bannerPng(palette: [string, string, string], variant: number): Promise<Buffer> {
  const [a, b, c] = palette;
  const cx = 300 + variant * 220;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675">
    <rect width="1200" height="225" fill="${a}"/>
    <rect y="225" width="1200" height="225" fill="${b}"/>
    <rect y="450" width="1200" height="225" fill="${c}"/>
    <circle cx="${cx}" cy="337" r="170" fill="#0f47af" opacity="0.85"/>
    <circle cx="${cx}" cy="337" r="90" fill="none" stroke="${b}" stroke-width="14"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Sample events: upcoming and past, free and paid, with generated images and some attendees. */
export class EventsDemoSeeder implements DemoSeeder {
  readonly name = 'events';
  readonly order = 10;

  constructor(
    private readonly events: EventsRepository,
    private readonly rsvps: RsvpsRepository,
    private readonly tickets: TicketsRepository,
    private readonly media: MediaService,
  ) {}

  async seed(context: DemoContext): Promise<void> {
    if ((await this.events.countAll()) > 0) return;
    const now = Date.now();
    for (const [index, demo] of DEMO_EVENTS.entries()) {
      const id = randomUUID();
      const folder = `events/${id}`;
      const images: EventImage[] = [];
      for (let photo = 0; photo < demo.photos; photo++) {
        const buffer = await bannerPng(demo.palette, photo);
        const stored = await this.media.saveImage(folder, {
          field: 'images',
          filename: `${photo + 1}.png`,
          buffer,
          type: { kind: 'image', mime: 'image/png', ext: 'png', name: 'PNG' },
        });
        images.push({ ...stored, caption: photo === 0 ? demo.title : '' });
      }
      const day = new Date(now + demo.inDays * DAY).toISOString().slice(0, 10);
      // Each demo city names its zone (Toronto, Berlin, Melbourne...) or its country has one.
      const timeZone = cityZoneOf(demo.country, demo.city) ?? soleZoneOf(demo.country) ?? 'UTC';
      const values: NewEventRow = {
        id,
        title: demo.title,
        description: demo.description,
        category: demo.category,
        startsAt: venueInstant(day, demo.time, timeZone),
        time: demo.time,
        timeZone,
        venueName: demo.venueName,
        city: demo.city,
        country: demo.country,
        address: demo.address ?? null,
        organizerName: demo.organizerName,
        isFree: !demo.pricing,
        pricing: demo.pricing ?? {},
        maxAttendees: demo.maxAttendees ?? null,
        images,
        image: images[0]?.url ?? null,
        createdBy: context.admin?.id ?? null,
      };
      await this.events.create(values);
      // Paid upcoming events: the first member holds a ticket, so a profile shows My tickets.
      const member = context.members[0];
      if (demo.pricing?.general && demo.inDays > 0 && member) {
        await this.tickets.recordTicket({
          eventId: id,
          userId: member.id,
          ticketType: 'general',
          amountCents: Math.round(demo.pricing.general.amount * 100),
          currency: demo.pricing.general.currency,
          paymentIntentId: `pi_demo_${id}`,
          status: 'paid',
        });
      }
      // Free upcoming events get a few members going, so counts and Who's Going have content.
      if (!demo.pricing && demo.inDays > 0) {
        for (const member of context.members.slice(0, 1 + (index % 3))) {
          await this.rsvps.changeRsvp(id, member.id, () => 'going');
        }
      }
    }
  }
}
