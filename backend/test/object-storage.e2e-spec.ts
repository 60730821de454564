import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import S3rver from 's3rver';
import { loadConfig } from '../src/config/config';
import { migrateUploads } from '../src/modules/media/media-migrate';
import { S3Storage } from '../src/modules/media/media.s3-storage';
import { createEvent, eventForm, pngImage, withFields } from './support/events';
import { loginAdmin, Session } from './support/factories';
import { freePort } from './support/ports';
import { createTestApp, TestApp } from './support/test-app';

const BUCKET = 'platform-media';

/** s3rver (an S3 implementation in Node) on loopback, its data in a directory of its own. */
class LocalS3 {
  private server?: S3rver;
  readonly dir = mkdtempSync(join(tmpdir(), 's3rver-'));
  port = 0;

  async start(): Promise<void> {
    this.port ||= await freePort();
    this.server = new S3rver({
      address: '127.0.0.1',
      port: this.port,
      directory: this.dir,
      silent: true,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    await this.server.run();
  }

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }

  get env(): Record<string, string> {
    return {
      S3_ENDPOINT: `http://127.0.0.1:${this.port}`,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
  }

  /** A client of the store as the API sees it, to look at what is there. */
  storage(): S3Storage {
    const s3 = loadConfig({ ...this.env, DATA_DIR: this.dir }).s3;
    if (!s3) throw new Error('no S3 configuration');
    return new S3Storage(s3);
  }

  async keys(): Promise<string[]> {
    const storage = this.storage();
    const keys: string[] = [];
    for await (const item of storage.keys()) keys.push(item.key);
    storage.destroy();
    return keys.sort();
  }
}

/** Bytes of a made-up video file (served as stored, so any bytes do). */
const videoBytes = () => {
  const head = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
  return Buffer.concat([head, Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251))]);
};

describe('object storage: uploads in an S3-compatible store (s3rver)', () => {
  const s3 = new LocalS3();
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    await s3.start();
    t = await createTestApp({ env: s3.env });
    admin = await loginAdmin(t.http);
  });
  afterAll(async () => {
    await t?.close();
    await s3.stop();
    rmSync(s3.dir, { recursive: true, force: true });
  });

  it('stores uploads in the bucket, not on disk, and serves them back with ranges', async () => {
    const video = videoBytes();
    const event = await createEvent(
      t.http,
      admin,
      {},
      { images: [await pngImage(900, 600)], videos: [video] },
    );
    const keys = (await s3.keys()).filter((key) => key.startsWith(`events/${event._id}/`));
    expect(keys).toHaveLength(3);
    expect(keys.filter((key) => key.endsWith('.webp'))).toHaveLength(2);
    expect(readdirSync(t.config.dataDir)).not.toContain('uploads');

    const image = (event.images as Array<{ url: string }>)[0].url;
    const served = await t.http.get(image).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((served.body as Buffer).subarray(8, 12).toString('latin1')).toBe('WEBP');

    const url = (event.videos as Array<{ url: string }>)[0].url;
    const whole = await t.http.get(url).buffer(true).expect(200);
    expect(Buffer.compare(whole.body as Buffer, video)).toBe(0);
    const part = await t.http.get(url).set('range', 'bytes=100-199').buffer(true).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(Buffer.compare(part.body as Buffer, video.subarray(100, 200))).toBe(0);
    const tail = await t.http.get(url).set('range', 'bytes=-10').buffer(true).expect(206);
    expect(Buffer.compare(tail.body as Buffer, video.subarray(-10))).toBe(0);
    await t.http.get(url).set('range', `bytes=${video.length}-`).expect(416);
    await t.http.get(`/api/files/events/${event._id}/missing.webp`).expect(404);
  });

  it("deletes an event's objects with the event", async () => {
    const event = await createEvent(t.http, admin, {}, { images: [await pngImage()] });
    expect((await s3.keys()).some((key) => key.startsWith(`events/${event._id}/`))).toBe(true);
    await t.http.delete(`/api/events/${event._id}`).set(admin.auth).expect(200);
    expect((await s3.keys()).some((key) => key.startsWith(`events/${event._id}/`))).toBe(false);
  });

  it('answers 503 while the store is down, and writes nothing: no event, no object', async () => {
    const before = await s3.keys();
    const total = async () => (await t.http.get('/api/events?limit=1').expect(200)).body.total;
    const events = await total();
    const existing = before.find((key) => key.endsWith('.webp'));
    const objectStore = async () =>
      (await t.http.get('/api/admin/system').set(admin.auth).expect(200)).body.dependencies.find(
        (dependency: { name: string }) => dependency.name === 'objectStore',
      );
    // The admin console's System view probes the bucket.
    expect(await objectStore()).toMatchObject({ status: 'up', driver: 's3' });
    await s3.stop();
    try {
      expect(await objectStore()).toMatchObject({ status: 'down', driver: 's3' });
      const started = Date.now();
      const res = await withFields(
        t.http.post('/api/events').set(admin.auth),
        eventForm({ title: 'Store down' }),
      )
        .attach('images', await pngImage(), 'photo.png')
        .expect(503);
      expect(res.body).toEqual({
        statusCode: 503,
        msg: 'File storage is unavailable. Please try again in a few minutes.',
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(Date.now() - started).toBeLessThan(5000);
      // Reading a stored file while the store is down is a 503 too, not a 500.
      await t.http.get(`/api/files/${existing}`).expect(503);
      expect(await total()).toBe(events);
    } finally {
      await s3.start();
    }
    expect(await s3.keys()).toEqual(before);
  });

  it('moves existing files from disk to the store under the same keys (media-migrate)', async () => {
    const uploadDir = mkdtempSync(join(tmpdir(), 'uploads-'));
    const folder = `events/${randomUUID()}`;
    mkdirSync(join(uploadDir, folder), { recursive: true });
    const image = await pngImage();
    writeFileSync(join(uploadDir, folder, 'a.webp'), image);
    writeFileSync(join(uploadDir, folder, 'b.mp4'), videoBytes());
    writeFileSync(join(uploadDir, '.DS_Store'), 'not an upload');
    const storage = s3.storage();
    try {
      const first = await migrateUploads(uploadDir, storage);
      expect(first).toMatchObject({ copied: 2, alreadyThere: 0, skipped: ['.DS_Store'] });
      // Run again (after an interruption, or after the switch): nothing is copied twice.
      expect(await migrateUploads(uploadDir, storage)).toMatchObject({
        copied: 0,
        alreadyThere: 2,
      });
    } finally {
      storage.destroy();
      rmSync(uploadDir, { recursive: true, force: true });
    }
    const served = await t.http.get(`/api/files/${folder}/b.mp4`).buffer(true).expect(200);
    expect(Buffer.compare(served.body as Buffer, videoBytes())).toBe(0);
    expect(served.headers['content-type']).toBe('video/mp4');
  });
});
