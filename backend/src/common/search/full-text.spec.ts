import { toPrefixQuery } from './full-text';

describe('toPrefixQuery', () => {
  it('turns the words of a search box into an AND of prefixes', () => {
    expect(toPrefixQuery('addis bus')).toBe('addis:* & bus:*');
  });

  it('keeps Amharic words and numbers, drops tsquery operators and punctuation', () => {
    expect(toPrefixQuery("ቡና & 2026 | !(x)'")).toBe('ቡና:* & 2026:* & x:*');
  });

  it('has no query for a box without words', () => {
    expect(toPrefixQuery("'&|!:*()<>")).toBeUndefined();
    expect(toPrefixQuery('   ')).toBeUndefined();
  });
});
