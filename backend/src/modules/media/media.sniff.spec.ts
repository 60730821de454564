import { mimeForKey, sniffMedia } from './media.sniff';
import { parseRange } from './media.service';
import { isSafeKey } from './media.storage';

const pad = (head: number[] | string) =>
  Buffer.concat([
    typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head),
    Buffer.alloc(16),
  ]);

describe('sniffMedia', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
    ['GIF89a', 'image/gif'],
    ['RIFF\0\0\0\0WEBPVP8 ', 'image/webp'],
    ['\0\0\0\x18ftypisom', 'video/mp4'],
    ['\0\0\0\x14ftypqt  ', 'video/quicktime'],
    [[0x1a, 0x45, 0xdf, 0xa3], 'video/webm'],
  ])('recognises %j as %s', (head, mime) => {
    expect(sniffMedia(pad(head as number[] | string))?.mime).toBe(mime);
  });

  it('refuses text, scripts and short files whatever their name', () => {
    expect(sniffMedia(pad('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeUndefined();
    expect(sniffMedia(pad('#!/bin/sh\nrm -rf /'))).toBeUndefined();
    expect(sniffMedia(Buffer.from([0xff, 0xd8]))).toBeUndefined();
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
