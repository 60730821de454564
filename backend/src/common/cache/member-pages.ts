import { hash as digest } from 'node:crypto';
import { LruMap } from 'toad-cache';

/** What a member's own field may hold (an enum value, or null). */
export type OwnValue = string | number | boolean | null;

/**
 * An answer already written as JSON in UTF-8, with the ETag of exactly that text. `T` is its
 * shape. Bytes, not a string: fastify would measure a string (`Buffer.byteLength`) and the socket
 * encode it, about 8% of a member's request for a 6 KB page; the shared bytes are encoded once.
 */
export class SplicedJson<T> {
  /** Never set: keeps the answer's type on the value for the compiler. */
  declare readonly shape?: T;

  constructor(
    readonly body: Buffer,
    readonly etag: string,
  ) {}
}

/** A shared page's JSON cut around the member's own fields, written once per cached page. */
interface PageText {
  /** `{"<list>":[` */
  head: Buffer;
  /**
   * Each item's JSON without the member's fields and without its closing brace, comma-ended,
   * and after the first item starting with the comma that separates it from the one before.
   */
  items: Buffer[];
  /** `]` and the page's other fields (total, page, cursor...) with the closing brace. */
  tail: Buffer;
  /** A hash of all of the above: equal tags, equal shared text. */
  tag: string;
  /**
   * Answers already written for this page, by the members' own parts: members whose parts are
   * equal (most have not reacted to anything on a page) get the same bytes, and a member who
   * asks again while the page and their part are unchanged gets them without a copy.
   */
  answers: LruMap<{ body: Buffer; etag: string }>;
}

/** Distinct members' answers kept per shared page (about 10 KB each). */
const ANSWERS_PER_PAGE = 16;

/** SHA-1 in one call (no Hash object per request), URL-safe base64 as ETags carry it. */
const hash = (text: string) => digest('sha1', text, 'base64url');

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
    // Each item's own fields, e.g. `"myReaction":"like"`.
    const parts: string[] = [];
    for (let i = 0; i < items.length; i++) {
      const values = own(items[i]);
      let part = '';
      for (let k = 0; k < this.ownKeys.length; k++) {
        part += `${k ? ',' : ''}${this.keyTexts[k]}${JSON.stringify(values[this.ownKeys[k]])}`;
      }
      parts.push(part);
    }
    // JSON text holds no raw line breaks, so the joined parts cannot be read two ways.
    const ownText = parts.join('\n');
    const known = text.answers.get(ownText);
    if (known) return new SplicedJson(known.body, known.etag);
    // Written on a miss only: later members with these parts get the same bytes.
    const chunks = [text.head];
    for (let i = 0; i < items.length; i++) chunks.push(text.items[i], Buffer.from(`${parts[i]}}`));
    chunks.push(text.tail);
    const body = Buffer.concat(chunks);
    const answer = { body, etag: `W/"${text.tag}.${hash(ownText)}"` };
    text.answers.set(ownText, answer);
    return new SplicedJson(answer.body, answer.etag);
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
      const tag = hash([head, ...itemTexts, tail].join('\n'));
      text = {
        answers: new LruMap(ANSWERS_PER_PAGE),
        head: Buffer.from(head),
        items: itemTexts.map((item, i) => Buffer.from(i ? `,${item}` : item)),
        tail: Buffer.from(tail),
        tag,
      };
      this.texts.set(page, text);
    }
    return text;
  }
}
