import { hash as digest } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { LruMap } from 'toad-cache';

/** What a member's own field may hold (an enum value, or null). */
export type OwnValue = string | number | boolean | null;

/** An answer already written as JSON, with the ETag of exactly that text. `T` is its shape. */
export class SplicedJson<T> {
  /** Never set: keeps the answer's type on the value for the compiler. */
  declare readonly shape?: T;

  constructor(
    readonly body: string,
    readonly etag: string,
  ) {}
}

/** A shared page's JSON cut around the member's own fields, written once per cached page. */
interface PageText {
  /** `{"<list>":[` */
  head: string;
  /** Each item's JSON without the member's fields and without its closing brace, comma-ended. */
  items: string[];
  /** `]` and the page's other fields (total, page, cursor...) with the closing brace. */
  tail: string;
  /** A hash of all of the above: equal tags, equal shared text. */
  tag: string;
}

/** SHA-1 in one call (no Hash object per request), URL-safe base64 as ETags carry it. */
const hash = (text: string) => digest('sha1', text, 'base64url');

/** Members' own parts seen lately and their hashes: the same member asks the same page again. */
const ownTags = new LruMap<string>(5_000);

function ownTag(parts: string): string {
  let tag = ownTags.get(parts);
  if (tag === undefined) {
    tag = hash(parts);
    ownTags.set(parts, tag);
  }
  return tag;
}

/**
 * A member's page of a list: the page every member shares (cached once) with each item's own
 * fields (their RSVP, their reaction) filled in, written as text without serialising the page
 * again. The shared page is written once, each item without the own fields (whatever the
 * shared copy held there is dropped), and a member's answer is that text with their fields put
 * back in each item: the same JSON as the merged object's, but for the order of the keys. The
 * shared page must not change once rendered (cached pages are shared and never changed).
 */
export class MemberPages<K extends string, M extends string> {
  private readonly texts = new WeakMap<object, PageText>();
  private readonly keyTexts: string[];

  constructor(
    private readonly listKey: K,
    private readonly ownKeys: readonly M[],
  ) {
    if (ownKeys.length === 0) throw new Error('MemberPages needs at least one own field');
    this.keyTexts = ownKeys.map((key) => `${JSON.stringify(key)}:`);
  }

  /**
   * The page with `own(item)` laid over each item, as JSON text, and its ETag: the shared text's
   * tag and a hash of the member's fields, so two answers share an ETag only if their text is equal.
   */
  render<P extends { [key in K]: object[] }>(
    page: P,
    own: (item: P[K][number]) => Record<M, OwnValue>,
  ): SplicedJson<P> {
    const text = this.textOf(page);
    const items = page[this.listKey];
    const parts: string[] = [];
    let body = text.head;
    for (let i = 0; i < items.length; i++) {
      const values = own(items[i]);
      let part = '';
      for (let k = 0; k < this.ownKeys.length; k++) {
        part += `${k ? ',' : ''}${this.keyTexts[k]}${JSON.stringify(values[this.ownKeys[k]])}`;
      }
      parts.push(part);
      body += `${i ? ',' : ''}${text.items[i]}${part}}`;
    }
    body += text.tail;
    return new SplicedJson(body, `W/"${text.tag}.${ownTag(parts.join('\n'))}"`);
  }

  private textOf(page: { [key in K]: object[] }): PageText {
    let text = this.texts.get(page);
    if (!text) {
      const { [this.listKey]: items, ...rest } = page;
      const restText = JSON.stringify(rest);
      const head = `{${JSON.stringify(this.listKey)}:[`;
      const tail = `]${restText === '{}' ? '}' : `,${restText.slice(1)}`}`;
      const itemTexts = items.map((item) => {
        const shared: Record<string, unknown> = { ...item };
        for (const key of this.ownKeys) delete shared[key];
        const json = JSON.stringify(shared);
        return json === '{}' ? '{' : `${json.slice(0, -1)},`;
      });
      // JSON text holds no raw line breaks, so the joined parts cannot be read two ways.
      const tag = hash([head, ...itemTexts, tail].join('\n'));
      text = { head, items: itemTexts, tail, tag };
      this.texts.set(page, text);
    }
    return text;
  }
}

/**
 * What a route answers: an object as usual (fastify serialises it), or a spliced page sent as it
 * is, with its own ETag (@fastify/etag keeps an ETag already set and still answers 304 on a match).
 */
export function sendSpliced<T>(reply: FastifyReply, answer: T | SplicedJson<T>): T | string {
  if (!(answer instanceof SplicedJson)) return answer;
  reply.header('content-type', 'application/json; charset=utf-8').header('etag', answer.etag);
  return answer.body;
}
