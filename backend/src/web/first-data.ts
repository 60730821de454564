import type { FastifyInstance } from 'fastify';

/** A GET whose answer a page's first view draws as a guest (the portal's first-view manifest). */
export interface FirstViewData {
  url: string;
  /** Paths into the answer (`events.0.image`); the first present names the page's LCP image. */
  image?: string[];
}

/** What the server puts in a page's HTML: the answers by URL, and the images to fetch first. */
export interface FirstData {
  answers: Record<string, unknown>;
  images: string[];
}

/** The value at a dotted path (`events.0.images.0.url`), if any. */
export function valueAt(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (at, key) =>
        at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined,
      value,
    );
}

/**
 * A picture uploaded to this site (a path here). Other hosts' pictures are left to the page, which
 * shows some of them as a placeholder instead (libs/ui MediaImage).
 */
const isImageUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^\/[^/]/.test(value);

/**
 * Asks the API, in process and as a guest, for the answers a page's first view draws; an answer
 * that is not a 200 is left out (the browser then asks for it itself).
 */
export async function fetchFirstData(
  fastify: FastifyInstance,
  wanted: readonly FirstViewData[],
): Promise<FirstData> {
  const first: FirstData = { answers: {}, images: [] };
  const answered = await Promise.all(
    wanted
      .filter((data) => data.url.startsWith('/api/'))
      .map(async (data) => {
        const response = await fastify.inject({
          method: 'GET',
          url: data.url,
          headers: { accept: 'application/json' },
        });
        return response.statusCode === 200 ? { data, body: response.json<unknown>() } : undefined;
      }),
  );
  for (const item of answered) {
    if (!item) continue;
    first.answers[item.data.url] = item.body;
    const image = (item.data.image ?? []).map((path) => valueAt(item.body, path)).find(isImageUrl);
    if (image) first.images.push(image);
  }
  return first;
}

/** The answers as the HTML carries them: JSON that cannot end its `<script>` element. */
export function firstDataScript(answers: Record<string, unknown>): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="first-data">${json}</script>`;
}

/** Lists in API answers whose items have a page of their own: the answer's key → the page's path. */
const ITEM_LISTS: Record<string, string> = { events: '/events/', news: '/news/' };

/** A link to an item the first view lists. */
export interface FirstViewLink {
  href: string;
  text: string;
}

/** The item pages the first view's answers list (events, articles), each once, in their order. */
export function firstViewLinks(answers: Record<string, unknown>): FirstViewLink[] {
  const links = new Map<string, string>();
  for (const answer of Object.values(answers)) {
    for (const [key, prefix] of Object.entries(ITEM_LISTS)) {
      const items = valueAt(answer, key);
      if (!Array.isArray(items)) continue;
      for (const item of items as Array<{ _id?: unknown; title?: unknown }>) {
        if (typeof item?._id !== 'string' || typeof item.title !== 'string') continue;
        links.set(`${prefix}${encodeURIComponent(item._id)}`, item.title);
      }
    }
  }
  return [...links].map(([href, text]) => ({ href, text }));
}
