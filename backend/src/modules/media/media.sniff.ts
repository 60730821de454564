/** What an upload really is, judged by its first bytes rather than its name or declared type. */
export type MediaKind = 'image' | 'video';

export interface SniffedType {
  kind: MediaKind;
  mime: string;
  ext: string;
}

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString('latin1');

/** Recognises JPEG, PNG, GIF, WebP, MP4, QuickTime and WebM by their magic bytes. */
export function sniffMedia(bytes: Buffer): SniffedType | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { kind: 'image', mime: 'image/png', ext: 'png' };
  }
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') {
    return { kind: 'image', mime: 'image/gif', ext: 'gif' };
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return { kind: 'image', mime: 'image/webp', ext: 'webp' };
  }
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    return brand === 'qt  '
      ? { kind: 'video', mime: 'video/quicktime', ext: 'mov' }
      : { kind: 'video', mime: 'video/mp4', ext: 'mp4' };
  }
  if (bytes.readUInt32BE(0) === 0x1a45dfa3) {
    return { kind: 'video', mime: 'video/webm', ext: 'webm' };
  }
  return undefined;
}

const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/** The content type a stored file is served with (stored names always carry a sniffed extension). */
export function mimeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return BY_EXTENSION[ext] ?? 'application/octet-stream';
}
