import fc from 'fast-check';
import { MemberPages, OwnValue } from './member-pages';

type Item = Record<string, unknown> & { _id: string };
type Page = { items: Item[] } & Record<string, unknown>;

const pages = new MemberPages('items', ['mine', 'status']);

/**
 * The answer's exact text: the merged page written by JSON.stringify, but with the list first and
 * each item's own fields last (where the splice puts them). Text, not parsed objects: V8's
 * JSON.parse in Node 24 can read an escaped key as another one once it has seen a key with a
 * backslash (nodejs/node#63785), and the generated keys are made to hold both.
 */
function mergedText(page: Page, own: (item: Item) => Record<'mine' | 'status', OwnValue>): string {
  const { items, ...rest } = page;
  const itemTexts = items.map((item) => {
    const { mine: _mine, status: _status, ...shared } = item;
    return JSON.stringify({ ...shared, ...own(item) });
  });
  const restText = JSON.stringify(rest);
  return `{"items":[${itemTexts.join(',')}]${restText === '{}' ? '}' : `,${restText.slice(1)}`}`;
}

const ownValue = fc.oneof(fc.string(), fc.constant(null), fc.integer(), fc.boolean());
// Any JSON an item or the page may carry, own fields included (the shared copy's are replaced),
// with odd text: quotes, backslashes, braces, line breaks, "}" and the own keys' names inside strings.
const jsonObject = fc.dictionary(
  fc.oneof(fc.string(), fc.constantFrom('mine', 'status', '_id', 'items', '}', '"', '\\')),
  fc.jsonValue(),
);
const item = fc
  .record({ _id: fc.uuid(), rest: jsonObject, when: fc.option(fc.date({ noInvalidDate: true })) })
  .map(({ _id, rest, when }): Item => ({ ...rest, _id, ...(when ? { when } : {}) }));
const page = fc
  .record({ items: fc.array(item, { maxLength: 6 }), rest: jsonObject })
  .map(({ items, rest }): Page => ({ ...rest, items }));

describe('a member page spliced into the shared text', () => {
  it('is the JSON of the shared page with the own fields laid over each item', () => {
    fc.assert(
      fc.property(page, fc.func(fc.tuple(ownValue, ownValue)), (shared, pick) => {
        const own = (entry: Item) => {
          const [mine, status] = pick(entry._id);
          return { mine, status };
        };
        const answer = pages.render(shared, own);
        expect(answer.body.toString()).toBe(mergedText(shared, own));
        // Rendered again from the text kept for this page: the same answer.
        expect(pages.render(shared, own)).toEqual(answer);
      }),
    );
  });

  it('gives two members different ETags exactly when their answers differ', () => {
    fc.assert(
      fc.property(page, ownValue, ownValue, (shared, a, b) => {
        const first = pages.render(shared, () => ({ mine: a, status: null }));
        const second = pages.render(shared, () => ({ mine: b, status: null }));
        expect(first.etag === second.etag).toBe(first.body.equals(second.body));
        expect(first.etag).toMatch(/^W\/"[\w-]+\.[\w-]+"$/);
      }),
    );
  });

  it("gives each member their own answer from a page's kept answers, however they alternate", () => {
    const shared = { items: [{ _id: 'a', title: 'One' }, { _id: 'b' }], total: 2 };
    const answers = ['like', 'dislike', null, 'like', null, 'dislike'].map((mine) =>
      pages.render(shared, () => ({ mine, status: 'going' })),
    );
    for (const [i, mine] of ['like', 'dislike', null, 'like', null, 'dislike'].entries()) {
      expect(JSON.parse(answers[i].body.toString()).items[1]).toEqual({
        _id: 'b',
        mine,
        status: 'going',
      });
    }
    expect(answers[3].etag).toBe(answers[0].etag);
    expect(answers[1].etag).not.toBe(answers[0].etag);
  });

  it('gives another shared page another ETag for the same own fields', () => {
    const own = () => ({ mine: 'like', status: 'going' });
    const one = pages.render({ items: [{ _id: 'a', title: 'One' }], total: 1 }, own);
    const other = pages.render({ items: [{ _id: 'a', title: 'Two' }], total: 1 }, own);
    expect(one.etag).not.toBe(other.etag);
    expect(one.etag.split('.')[1]).toBe(other.etag.split('.')[1]);
  });

  it('writes an item with no other field and a page with no other field', () => {
    const answer = pages.render({ items: [{}, {}] }, () => ({ mine: 'x', status: null }));
    expect(JSON.parse(answer.body.toString())).toEqual({
      items: [
        { mine: 'x', status: null },
        { mine: 'x', status: null },
      ],
    });
    expect(
      JSON.parse(pages.render({ items: [] }, () => ({ mine: 1, status: 2 })).body.toString()),
    ).toEqual({
      items: [],
    });
  });
});
