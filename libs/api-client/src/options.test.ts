import { describe, expect, it } from 'vitest';
import { memberOf, toCountry, toLanguage, toRsvpAnswer, toTicketType } from './options';
import { Country, Language, RsvpAnswer, TicketType } from './schema';

describe('text to the generated enums, without casts', () => {
  it('names the member a select or the address bar gives, or nothing', () => {
    expect(toCountry('Canada')).toBe(Country.Canada);
    expect(toCountry('Atlantis')).toBeUndefined();
    expect(toLanguage('am')).toBe(Language.am);
    expect(toLanguage('fr')).toBeUndefined();
  });

  it("turns the screens' literals into the enum members request bodies are typed with", () => {
    expect(toRsvpAnswer('not going')).toBe(RsvpAnswer.not_going);
    expect(toTicketType('vip')).toBe(TicketType.vip);
  });

  it('refuses a value outside the enum instead of passing it on', () => {
    const drifted = 'gone' as `${RsvpAnswer}`;
    expect(() => memberOf(RsvpAnswer, drifted)).toThrow(RangeError);
  });
});
