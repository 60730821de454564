import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { eventForm, withFields } from './support/events';
import { appWithAdminAndMember, Session } from './support/factories';
import { TestApp } from './support/test-app';

/** Real files made by real encoders (test/fixtures/media/README.md says how). */
const sample = (name: string) => readFileSync(join(__dirname, 'fixtures', 'media', name));

describe('media types: every image and video field takes exactly what it says (file-type)', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    ({ t, admin } = await appWithAdminAndMember());
  });
  afterAll(() => t?.close());

  const postEvent = (files: Array<[field: 'images' | 'videos', bytes: Buffer, name: string]>) => {
    let request = withFields(t.http.post('/api/events').set(admin.auth), eventForm());
    for (const [field, bytes, name] of files) request = request.attach(field, bytes, name);
    return request;
  };
  const eventCount = async () => (await t.http.get('/api/events?limit=1').expect(200)).body.total;

  it('converts an AVIF photo like any other image', async () => {
    const avif = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#fcdd09' },
    })
      .avif()
      .toBuffer();
    const res = await postEvent([['images', avif, 'sunset.avif']]).expect(201);
    const served = await t.http.get(res.body.images[0].url).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 900, 600]);
  });

  it('refuses an iPhone HEIC photo by name and says what to do, writing nothing', async () => {
    const before = await eventCount();
    const res = await postEvent([['images', sample('photo.heic'), 'IMG_0042.HEIC']]).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'IMAGE_FORMAT_NOT_SUPPORTED',
      msg: 'IMG_0042.HEIC is a HEIC photo, which this server cannot convert. Save it as JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible) and upload it again.',
    });
    expect(await eventCount()).toBe(before);
  });

  it('keeps real MP4 and WebM videos as sent, served with their own type', async () => {
    const mp4 = sample('clip.mp4');
    const webm = sample('clip.webm');
    const res = await postEvent([
      ['videos', mp4, 'clip.mp4'],
      ['videos', webm, 'clip.webm'],
    ]).expect(201);
    const [first, second] = res.body.videos as Array<{ url: string }>;
    expect(first.url).toMatch(/\.mp4$/);
    expect(second.url).toMatch(/\.webm$/);
    const servedMp4 = await t.http.get(first.url).buffer(true).expect(200);
    expect(servedMp4.headers['content-type']).toBe('video/mp4');
    expect(Buffer.compare(servedMp4.body as Buffer, mp4)).toBe(0);
    const servedWebm = await t.http.get(second.url).buffer(true).expect(200);
    expect(servedWebm.headers['content-type']).toBe('video/webm');
    expect(Buffer.compare(servedWebm.body as Buffer, webm)).toBe(0);
  });

  it.each([
    ['an M4A song', 'song.m4a', 'audio/x-m4a'],
    ['a HEIC photo', 'photo.heic', 'HEIC'],
    ['a Matroska film', 'clip.mkv', 'video/matroska'],
  ])('refuses %s in a video field, saying what it is', async (_what, file, found) => {
    const res = await postEvent([['videos', sample(file), 'clip.mp4']]).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'UNSUPPORTED_FILE_TYPE',
      msg: `clip.mp4 is not an MP4, WebM or QuickTime video (it is ${found})`,
    });
  });

  it('refuses a video in an image field', async () => {
    const res = await postEvent([['images', sample('clip.mp4'), 'photo.jpg']]).expect(400);
    expect(res.body.msg).toBe('photo.jpg is not a JPEG, PNG, GIF, WebP or AVIF image (it is MP4)');
  });
});
