import { beforeEach, describe, expect, it } from 'vitest';
import { firstViewThisSession } from './viewedOnce';

describe('views once per item per browser session', () => {
  beforeEach(() => sessionStorage.clear());

  it('is true the first time only, per type and id', () => {
    expect(firstViewThisSession('news', 'a')).toBe(true);
    expect(firstViewThisSession('news', 'a')).toBe(false);
    expect(firstViewThisSession('news', 'b')).toBe(true);
    expect(firstViewThisSession('events', 'a')).toBe(true);
  });
});
