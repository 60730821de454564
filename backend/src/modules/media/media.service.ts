import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { AppException } from '../../common/errors/app-exception';
import { CommonErrorCode } from '../../common/errors/common.errors';
import {
  isSafeKey,
  LocalDiskStorage,
  MEDIA_STORAGE,
  MediaStorage,
  StoreUnavailableError,
} from './media.storage';
import { UploadedFile } from './media.multipart';
import { MediaErrorCode } from './media.errors';
import { limitConcurrency } from './media.queue';

export const FILES_PREFIX = '/api/files/';

/** A stored image: the display size and a small thumbnail, both WebP. */
export interface StoredImage {
  url: string;
  thumbnail: string;
}

export interface StoredVideo {
  url: string;
}

const DISPLAY_WIDTH = 1600;
/** A 48-megapixel phone photo fits; sharp's own limit (268 MP) lets a 1 MB file cost seconds. */
export const MAX_IMAGE_PIXELS = 70_000_000;
// File system answers meaning the upload directory itself is unusable, not this one file.
const STORE_UNAVAILABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOTDIR', 'EEXIST']);

/** An object store that is down: uploads and reads answer this 503 (nothing is half-written). */
function storeDown(): AppException {
  return AppException.unavailable(
    'File storage is unavailable. Please try again in a few minutes.',
    CommonErrorCode.SERVICE_UNAVAILABLE,
  );
}
const THUMBNAIL_WIDTH = 480;

/**
 * Images decoded and resized at once in this process, each on one libvips thread: concurrent
 * uploads wait their turn in memory as compressed files instead of each holding a decoded image
 * (up to 70 MP × 4 bytes) and a core: image work takes about one core, whatever the traffic.
 */
export const IMAGES_AT_ONCE = 1;
sharp.concurrency(1);
/** The queue every upload's image work goes through (exported for its test). */
export const imageWork = limitConcurrency(IMAGES_AT_ONCE);

/** Stores uploads under an item's folder, makes image variants and serves byte ranges. */
@Injectable()
export class MediaService {
  constructor(@Inject(MEDIA_STORAGE) private readonly storage: MediaStorage) {}

  /** Where uploads go (a disk folder or an S3-compatible store) and whether it can be written. */
  get storeKind(): 'disk' | 's3' {
    return this.storage instanceof LocalDiskStorage ? 'disk' : 's3';
  }

  pingStore(): Promise<void> {
    return this.storage.ping();
  }

  /**
   * Resizes an image to display and thumbnail variants (EXIF-rotated, metadata stripped). The
   * upload is decoded once, within a pixel limit (a small file can hold a huge image), and in
   * turn with every other image of this process (`imageWork`).
   */
  async saveImage(folder: string, file: UploadedFile): Promise<StoredImage> {
    const name = randomUUID();
    const variant = (input: Buffer, width: number, quality: number) =>
      sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
        .webp({ quality })
        .toBuffer();
    let variants: { display: Buffer; thumbnail: Buffer };
    try {
      variants = await imageWork(async () => {
        const display = await variant(file.buffer, DISPLAY_WIDTH, 82);
        return { display, thumbnail: await variant(display, THUMBNAIL_WIDTH, 75) };
      });
    } catch (error) {
      if (/pixel limit/i.test((error as Error).message)) {
        throw new AppException(
          413,
          `${file.filename} is too large: at most ${MAX_IMAGE_PIXELS / 1e6} megapixels (width × height)`,
          MediaErrorCode.FILE_TOO_LARGE,
        );
      }
      throw unreadableImage(file);
    }
    const displayKey = `${folder}/${name}.webp`;
    const thumbnailKey = `${folder}/${name}-thumb.webp`;
    await this.put(displayKey, variants.display, 'image/webp');
    try {
      await this.put(thumbnailKey, variants.thumbnail, 'image/webp');
    } catch (error) {
      // Not half an image: the display size goes too (when the store still answers).
      await this.storage.remove(displayKey).catch(() => undefined);
      throw error;
    }
    return { url: FILES_PREFIX + displayKey, thumbnail: FILES_PREFIX + thumbnailKey };
  }

  /** Videos are kept as uploaded, named by their sniffed type. */
  async saveVideo(folder: string, file: UploadedFile): Promise<StoredVideo> {
    const key = `${folder}/${randomUUID()}.${file.type.ext}`;
    await this.put(key, file.buffer, file.type.mime);
    return { url: FILES_PREFIX + key };
  }

  /** A store that cannot be written (missing, read-only or full) is spec 8's 503, not a 500. */
  private async put(key: string, body: Buffer, contentType: string): Promise<void> {
    try {
      await this.storage.put(key, body, contentType);
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw storeDown();
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string' || !STORE_UNAVAILABLE.has(code)) throw error;
      throw AppException.unavailable(
        'File upload service is not configured. Please contact the administrator to set up the media upload service.',
        MediaErrorCode.UPLOAD_SERVICE_NOT_CONFIGURED,
      );
    }
  }

  /** Removes stored files by their public URLs; URLs pointing elsewhere are ignored. */
  async removeUrls(urls: Array<string | null | undefined>): Promise<void> {
    for (const url of urls) {
      const key = url?.startsWith(FILES_PREFIX) ? url.slice(FILES_PREFIX.length) : undefined;
      if (key && isSafeKey(key)) await this.storage.remove(key);
    }
  }

  /** Removes everything an item uploaded (its whole folder). */
  removeFolder(folder: string): Promise<void> {
    return this.storage.removePrefix(folder);
  }

  async open(
    key: string,
    rangeHeader: string | undefined,
  ): Promise<
    | { status: 200 | 206; size: number; start: number; end: number; stream: Readable }
    | { status: 416; size: number }
  > {
    let size: number | undefined;
    try {
      size = isSafeKey(key) ? await this.storage.size(key) : undefined;
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw storeDown();
      throw error;
    }
    if (size === undefined)
      throw AppException.notFound('The file was not found', MediaErrorCode.FILE_NOT_FOUND);
    const range = parseRange(rangeHeader, size);
    if (range === 'unsatisfiable') return { status: 416, size };
    if (!range) {
      return { status: 200, size, start: 0, end: size - 1, stream: this.storage.read(key) };
    }
    return { status: 206, size, ...range, stream: this.storage.read(key, range) };
  }
}

/**
 * An image that sharp could not decode. A HEIC/HEIF photo is real but needs an HEVC decoder,
 * which sharp's prebuilt libvips leaves out (patents): say so, and how to send one that works.
 */
function unreadableImage(file: UploadedFile): AppException {
  if (file.type.ext === 'heic' || file.type.ext === 'heif') {
    return AppException.badRequest(
      `${file.filename} is a ${file.type.name} photo, which this server cannot convert. Save it as JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible) and upload it again.`,
      MediaErrorCode.IMAGE_FORMAT_NOT_SUPPORTED,
    );
  }
  return AppException.badRequest(
    `${file.filename} could not be read as an image`,
    MediaErrorCode.UNSUPPORTED_FILE_TYPE,
  );
}

/** Parses a single `bytes=` range (the form browsers send for media); multi-range is ignored. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
