import { Language } from '../../common/language';
import { countryName } from './country-names';
import { compose, layoutMail, link } from './mail.layout';
import { renderMail } from './mail.templates';

describe('the email layout', () => {
  it('keeps a link apart from an Amharic letter and from the full stop around it', () => {
    const mail = layoutMail(
      Language.AM,
      compose('ርዕስ', [['በ', link('https://example.org/a'), '።'], link('https://example.org/b')]),
    );
    expect(mail.text).toBe('በ https://example.org/a ።\n\nhttps://example.org/b');
    expect(mail.html).toContain(
      'በ <a href="https://example.org/a" style="color:#0b6b3a;text-decoration:underline;word-break:break-all">https://example.org/a</a> ።',
    );
    expect(mail.links).toEqual(['https://example.org/a', 'https://example.org/b']);
  });

  it('writes a whole document in the reader language with its title, escaped', () => {
    const mail = layoutMail(Language.EN, compose('Tom & <Jerry>', ['a "quote"']));
    expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(mail.html).toContain('<title>Tom &#38; &#60;Jerry&#62;</title>');
    expect(mail.html).toContain('a &#34;quote&#34;');
    expect(mail.headers).toEqual({ 'Content-Language': 'en' });
    // Every attribute value closes where it should (a quote inside a style would end it early).
    for (const [, value] of mail.html.matchAll(/\b(?:style|href|lang)="([^"]*)"(?=[\s>])/g)) {
      expect(value).not.toContain('"');
    }
    expect(mail.html).not.toMatch(/="[^"]*"[^\s>]/);
    expect(mail.html).toContain("font-family:'Noto Sans Ethiopic'");
  });

  it('leaves an address that is not a web address as text', () => {
    const mail = layoutMail(Language.EN, compose('s', [link('javascript:alert(1)')]));
    expect(mail.html).not.toContain('<a ');
    expect(mail.links).toEqual([]);
  });

  it('names countries in Amharic through ICU, and leaves unknown ones as written', () => {
    expect(countryName('Canada', Language.AM)).toBe('ካናዳ');
    expect(countryName('UAE', Language.AM)).toBe(countryName('United Arab Emirates', Language.AM));
    expect(countryName('Atlantis', Language.AM)).toBe('Atlantis');
    expect(countryName('Canada', Language.EN)).toBe('Canada');
  });

  it('renders an event email in Amharic with the Amharic date and country', () => {
    const mail = renderMail(
      'eventReminder',
      {
        name: 'Selam',
        eventTitle: 'Gala',
        when: { en: 'Saturday, 5 PM', am: 'ቅዳሜ 5 ከሰዓት' },
        venue: { name: 'Hall', city: 'Toronto', country: 'Canada' },
        eventUrl: 'https://example.org/events/1',
      },
      Language.AM,
    );
    expect(mail.text).toContain('መቼ፦ ቅዳሜ 5 ከሰዓት። የት፦ Hall, Toronto, ካናዳ።');
    expect(mail.text).toMatch(/፦ https:\/\/example\.org\/events\/1$/);
  });

  it('still renders a message recorded before (one English string per field)', () => {
    const mail = renderMail(
      'eventCancelled',
      { name: 'A', eventTitle: 'Gala', when: 'Monday (UTC)', refunded: false },
      Language.AM,
    );
    expect(mail.text).toContain('(Monday (UTC))');
  });
});
