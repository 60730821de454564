import type { AppConfig } from '../../config/config';
import { CACHE_TTL_MS, ResponseCache, STALE_WHILE_RELOADING_MS } from './response-cache';
import { answerText } from './shared-answers';

const cache = () => new ResponseCache({ queuePrefix: 'spec' } as AppConfig);

describe('answerText (the reply serializer)', () => {
  it('writes a value the cache shares once, and anything else afresh', async () => {
    const page = { events: [{ title: 'Coffee' }], total: 1 };
    await cache().get('page', async () => page);
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      const first = answerText(page);
      expect(answerText(page)).toBe(first);
      expect(stringify).toHaveBeenCalledTimes(1);
      expect(JSON.parse(first)).toEqual(page);
      // A member's copy with their own fields laid over is a new object: written each time.
      const mine = { ...page, events: [{ title: 'Coffee', myReaction: 'like' }] };
      expect(JSON.parse(answerText(mine))).toEqual(mine);
      answerText(mine);
      expect(stringify).toHaveBeenCalledTimes(3);
      expect(answerText('text')).toBe('"text"');
      expect(answerText(null)).toBe('null');
    } finally {
      stringify.mockRestore();
    }
  });

  it('writes the value stored after a write, never the text of the one it cleared', async () => {
    const store = cache();
    const before = { total: 1 };
    await store.get('count', async () => before);
    expect(store.peek('count')).toBe(before);
    store.invalidate();
    expect(store.peek('count')).toBeUndefined();
    const after = { total: 2 };
    await store.get('count', async () => after);
    expect(answerText(store.peek('count'))).toBe('{"total":2}');
  });
});

describe("ResponseCache.combine (a member's page from a shared page and their own part)", () => {
  const layOver = (page: { items: string[] }, own: { mark: string }) => ({
    items: page.items.map((item) => `${item}:${own.mark}`),
  });

  it('combines two stored values once, shares the result, and combines afresh after a write', async () => {
    const store = cache();
    const page = await store.get('page', async () => ({ items: ['a', 'b'] }));
    const mine = await store.get('mine:1', async () => ({ mark: 'going' }));
    const theirs = await store.get('mine:2', async () => ({ mark: 'maybe' }));
    const make = jest.fn(layOver);
    const first = store.combine(page, mine, make);
    expect(first).toEqual({ items: ['a:going', 'b:going'] });
    expect(store.combine(page, mine, make)).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
    // Its text is written once like any shared value's.
    expect(answerText(first)).toBe(answerText(first));
    // Another member's part is another answer, never the first member's.
    expect(store.combine(page, theirs, make)).toEqual({ items: ['a:maybe', 'b:maybe'] });
    expect(make).toHaveBeenCalledTimes(2);
    store.invalidate();
    const newPage = await store.get('page', async () => ({ items: ['a'] }));
    const newMine = await store.get('mine:1', async () => ({ mark: 'not going' }));
    expect(store.combine(newPage, newMine, make)).toEqual({ items: ['a:not going'] });
  });

  it('combines anew each time a part was read around the cache', async () => {
    const store = cache();
    const page = await store.get('page', async () => ({ items: ['a'] }));
    const fresh = { mark: 'going' };
    const make = jest.fn(layOver);
    const first = store.combine(page, fresh, make);
    expect(store.combine(page, fresh, make)).not.toBe(first);
    expect(make).toHaveBeenCalledTimes(2);
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      answerText(first);
      answerText(first);
      expect(stringify).toHaveBeenCalledTimes(2);
    } finally {
      stringify.mockRestore();
    }
  });
});

describe('ResponseCache past its TTL', () => {
  let now: jest.SpyInstance<number, []>;
  beforeEach(() => {
    now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
  });
  afterEach(() => now.mockRestore());
  const later = (ms: number) => now.mockReturnValue(1_000_000 + ms);

  it('answers an entry that just expired at once while one load replaces it', async () => {
    const store = cache();
    await store.get('page', async () => 'old');
    later(CACHE_TTL_MS + 1);
    expect(store.peek('page')).toBeUndefined();
    let finish: (value: string) => void = () => undefined;
    const load = jest.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    // Nobody waits for the reload, and many requests start one.
    expect(await Promise.all([store.get('page', load), store.get('page', load)])).toEqual([
      'old',
      'old',
    ]);
    expect(load).toHaveBeenCalledTimes(1);
    finish('new');
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.peek('page')).toBe('new');
  });

  it('waits for the load once the entry is older still, or a write dropped it', async () => {
    const store = cache();
    await store.get('page', async () => 'old');
    later(CACHE_TTL_MS + STALE_WHILE_RELOADING_MS);
    expect(await store.get('page', async () => 'new')).toBe('new');
    store.invalidate();
    expect(await store.get('page', async () => 'after the write')).toBe('after the write');
  });

  it('keeps the old entry when its reload fails, and the next request tries again', async () => {
    const store = cache();
    await store.get('page', async () => 'old');
    later(CACHE_TTL_MS + 1);
    const failing = jest.fn(async (): Promise<string> => {
      throw new Error('database away');
    });
    expect(await store.get('page', failing)).toBe('old');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await store.get('page', async () => 'new')).toBe('old');
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.peek('page')).toBe('new');
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
