import { detectFileType } from './media.file-type';

/** What an upload really is, judged by its content rather than its name or declared type. */
export type MediaKind = 'image' | 'video';

export interface SniffedType {
  kind: MediaKind;
  mime: string;
  ext: string;
  /** The format's name as people know it, for messages ("HEIC", "AVIF"). */
  name: string;
}

/**
 * Every content type a field accepts, by the MIME type `file-type` detects. Anything else (an
 * M4A song in an MP4 box, a Matroska file in an EBML header, SVG, PDF...) is refused by its field.
 * Images are all converted to WebP (MediaService.saveImage); videos are kept as uploaded.
 */
const ACCEPTED: Record<string, SniffedType> = {
  'image/jpeg': { kind: 'image', mime: 'image/jpeg', ext: 'jpg', name: 'JPEG' },
  'image/png': { kind: 'image', mime: 'image/png', ext: 'png', name: 'PNG' },
  'image/gif': { kind: 'image', mime: 'image/gif', ext: 'gif', name: 'GIF' },
  'image/webp': { kind: 'image', mime: 'image/webp', ext: 'webp', name: 'WebP' },
  'image/avif': { kind: 'image', mime: 'image/avif', ext: 'avif', name: 'AVIF' },
  // HEIC/HEIF photos reach the image library, which decodes them only where it was built with
  // an HEVC decoder; MediaService refuses them by name otherwise.
  'image/heic': { kind: 'image', mime: 'image/heic', ext: 'heic', name: 'HEIC' },
  'image/heif': { kind: 'image', mime: 'image/heif', ext: 'heif', name: 'HEIF' },
  'video/mp4': { kind: 'video', mime: 'video/mp4', ext: 'mp4', name: 'MP4' },
  // Apple's MP4 video brand: an MP4 file that browsers play as one.
  'video/x-m4v': { kind: 'video', mime: 'video/mp4', ext: 'mp4', name: 'MP4' },
  'video/quicktime': { kind: 'video', mime: 'video/quicktime', ext: 'mov', name: 'QuickTime' },
  'video/webm': { kind: 'video', mime: 'video/webm', ext: 'webm', name: 'WebM' },
};

/** A file's accepted media type, if it has one, and what it was found to be, for messages. */
export interface Sniffed {
  type?: SniffedType;
  /** The format's name, or the detected MIME type of a format no field accepts. */
  found?: string;
}

export async function sniffMedia(bytes: Buffer): Promise<Sniffed> {
  const detected = await detectFileType(bytes);
  const type = detected && ACCEPTED[detected.mime];
  return { type, found: type?.name ?? detected?.mime };
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
