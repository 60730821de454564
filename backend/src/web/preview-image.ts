import type { FastifyInstance } from 'fastify';
import { imageSize } from 'image-size';

/** What Open Graph says of a card's picture besides its URL. */
export interface ImageFacts {
  width: number;
  height: number;
  /** MIME type, e.g. `image/webp`. */
  type: string;
}

/** Enough of a PNG, JPEG or WebP file for its size (headers come first; JPEG's may follow EXIF). */
const HEAD_BYTES = 64 * 1024;
/** Uploads are never rewritten (random names), so their facts are kept; this many at most. */
const REMEMBERED = 500;
const remembered = new Map<string, ImageFacts | undefined>();

/** The size and type of an image, read from its bytes; undefined when they are not an image. */
export function imageFactsOf(bytes: Uint8Array): ImageFacts | undefined {
  try {
    const { width, height, type } = imageSize(bytes);
    if (!width || !height || !type) return undefined;
    return { width, height, type: `image/${type === 'jpg' ? 'jpeg' : type}` };
  } catch {
    return undefined;
  }
}

/**
 * The facts of a picture this site serves (a root-relative URL such as `/api/files/…`), read
 * in process from its first bytes; pictures on other hosts are not fetched (undefined).
 */
export async function uploadedImageFacts(
  fastify: FastifyInstance,
  url: string,
): Promise<ImageFacts | undefined> {
  if (!/^\/[^/]/.test(url)) return undefined;
  if (remembered.has(url)) return remembered.get(url);
  const response = await fastify.inject({
    method: 'GET',
    url,
    headers: { range: `bytes=0-${HEAD_BYTES - 1}` },
  });
  const facts =
    response.statusCode === 200 || response.statusCode === 206
      ? imageFactsOf(response.rawPayload)
      : undefined;
  if (remembered.size >= REMEMBERED) remembered.delete(remembered.keys().next().value as string);
  remembered.set(url, facts);
  return facts;
}
