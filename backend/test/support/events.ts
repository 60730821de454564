import sharp from 'sharp';
import type { Test } from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { Session } from './factories';

const DAY = 24 * 60 * 60 * 1000;

/** A real PNG of the given size (the API sniffs and resizes uploads). */
export function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#078930' } })
    .png()
    .toBuffer();
}

/** The first bytes of an MP4 file (`ftyp` box), padded to the wanted size. */
export function mp4Video(bytes = 4096): Buffer {
  const head = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
  const body = Buffer.alloc(Math.max(0, bytes - head.length));
  for (let i = 0; i < body.length; i++) body[i] = i % 251;
  return Buffer.concat([head, body]);
}

/** `YYYY-MM-DD` so many days from now. */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
}

export interface EventFields {
  title?: string;
  description?: string;
  date?: string;
  time?: string;
  location?: Record<string, string>;
  category?: string;
  isFree?: boolean;
  pricing?: Record<string, { amount: number | string; currency?: string; description?: string }>;
  maxAttendees?: number;
  organizer?: string;
  isActive?: boolean;
  /** The venue's zone; the default venue (Toronto) sends America/Toronto, others none unless given. */
  timeZone?: string;
}

/** The admin form's text fields, JSON where spec 7 says so. */
export function eventForm(fields: EventFields = {}): Record<string, string> {
  const form: Record<string, string> = {
    title: fields.title ?? 'Community Evening',
    description: fields.description ?? 'An evening of music and conversation.',
    date: fields.date ?? dayFromNow(10),
    time: fields.time ?? '18:30',
    location: JSON.stringify(
      fields.location ?? { name: 'Community Hall', country: 'Canada', city: 'Toronto' },
    ),
    category: fields.category ?? 'cultural',
    isFree: String(fields.isFree ?? true),
    isActive: String(fields.isActive ?? true),
  };
  const timeZone = fields.timeZone ?? (fields.location ? undefined : 'America/Toronto');
  if (timeZone !== undefined) form.timeZone = timeZone;
  if (fields.pricing) form.pricing = JSON.stringify(fields.pricing);
  if (fields.maxAttendees !== undefined) form.maxAttendees = String(fields.maxAttendees);
  if (fields.organizer !== undefined) form.organizer = fields.organizer;
  return form;
}

/** A multipart form's text fields, set on a request. */
export function withFields(request: Test, fields: Record<string, string>): Test {
  for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
  return request;
}

/** Posts the multipart event form as the admin; returns the created event. */
export async function createEvent(
  http: TestAgent,
  admin: Session,
  fields: EventFields = {},
  files: { images?: Buffer[]; videos?: Buffer[] } = {},
) {
  let request = withFields(http.post('/api/events').set(admin.auth), eventForm(fields));
  (files.images ?? []).forEach((buffer, i) => {
    request = request.attach('images', buffer, `photo-${i}.png`);
  });
  (files.videos ?? []).forEach((buffer, i) => {
    request = request.attach('videos', buffer, `clip-${i}.mp4`);
  });
  const response = await request;
  if (response.status !== 201) {
    throw new Error(`createEvent: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body as { _id: string; [key: string]: unknown };
}
