import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { mimeForKey, sniffMedia } from './media.sniff';
import { parseRange } from './media.service';
import { isSafeKey } from './media.storage';

const pad = (head: number[] | string) =>
  Buffer.concat([
    typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head),
    Buffer.alloc(16),
  ]);

const sample = (name: string) =>
  readFileSync(join(__dirname, '..', '..', '..', 'test', 'fixtures', 'media', name));

describe('sniffMedia', () => {
  it.each(['jpeg', 'png', 'gif', 'webp', 'avif'] as const)(
    'recognises a real %s image',
    async (format) => {
      const image = await sharp({
        create: { width: 8, height: 8, channels: 3, background: '#078930' },
      })
        .toFormat(format)
        .toBuffer();
      expect((await sniffMedia(image)).type).toMatchObject({
        kind: 'image',
        mime: `image/${format}`,
      });
    },
  );

  it('tells real ISO-BMFF and EBML files apart instead of calling them all MP4 or WebM', async () => {
    expect((await sniffMedia(sample('photo.heic'))).type).toMatchObject({
      kind: 'image',
      name: 'HEIC',
    });
    expect((await sniffMedia(sample('clip.mp4'))).type).toMatchObject({
      kind: 'video',
      ext: 'mp4',
    });
    expect((await sniffMedia(sample('clip.webm'))).type).toMatchObject({
      kind: 'video',
      ext: 'webm',
    });
    // An M4A song and a Matroska film are no field's type, and say what they are.
    expect(await sniffMedia(sample('song.m4a'))).toEqual({ found: 'audio/x-m4a' });
    expect(await sniffMedia(sample('clip.mkv'))).toEqual({ found: 'video/matroska' });
  });

  it('refuses text, scripts and short files whatever their name', async () => {
    expect(
      (await sniffMedia(pad('<svg xmlns="http://www.w3.org/2000/svg">'))).type,
    ).toBeUndefined();
    expect((await sniffMedia(pad('#!/bin/sh\nrm -rf /'))).type).toBeUndefined();
    expect((await sniffMedia(Buffer.from([0xff, 0xd8]))).type).toBeUndefined();
  });

  it('serves stored names with their type', () => {
    expect(mimeForKey('events/a/b.webp')).toBe('image/webp');
    expect(mimeForKey('events/a/b.exe')).toBe('application/octet-stream');
  });
});

describe('parseRange', () => {
  it('reads start-end, open-ended and suffix ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-5', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
  });

  it('ignores what it does not understand and flags ranges past the end', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('items=0-1', 100)).toBeUndefined();
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
  });
});

describe('isSafeKey', () => {
  it('admits only plain nested names', () => {
    expect(isSafeKey('events/1f2e/photo-thumb.webp')).toBe(true);
    expect(isSafeKey('../etc/passwd')).toBe(false);
    expect(isSafeKey('events/../../x')).toBe(false);
    expect(isSafeKey('/abs/path')).toBe(false);
    expect(isSafeKey('events/.hidden')).toBe(false);
  });
});
