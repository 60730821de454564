import type { AppConfig } from '../../config/config';
import { ResponseCache } from './response-cache';
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
