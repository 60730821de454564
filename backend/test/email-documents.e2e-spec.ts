import { ParsedMail, simpleParser } from 'mailparser';
import { createEvent } from './support/events';
import { appWithMail, closeWithMail, registerMember, Session } from './support/factories';
import { ReceivedMail, SmtpSink, subjectOf } from './support/smtp-sink';
import { TestApp } from './support/test-app';

/** What a mail client sees of a received email, parsed by a real mail parser. */
async function parse(mail: ReceivedMail): Promise<ParsedMail & { html: string; text: string }> {
  const parsed = await simpleParser(mail.raw);
  if (typeof parsed.html !== 'string' || typeof parsed.text !== 'string') {
    throw new Error(`"${subjectOf(mail)}" has no HTML or no text part`);
  }
  return parsed as ParsedMail & { html: string; text: string };
}

/** Every `<a>` of the HTML part: its href and its text. */
function anchors(html: string): { href: string; text: string }[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((match) => ({
    href: match[1].replace(/&#38;/g, '&'),
    text: match[2],
  }));
}

/** The web addresses of the text part, each standing apart from the words around it. */
function textLinks(text: string): string[] {
  return [...text.matchAll(/(^|\s)(https?:\/\/\S+)(?=\s|$)/g)].map((match) => match[2]);
}

/** The checks every email passes, whatever its language and template. */
function expectDocument(mail: ParsedMail & { html: string; text: string }, language: string) {
  expect(mail.headers.get('content-language')).toBe(language);
  expect(mail.html).toMatch(/^<!DOCTYPE html>/i);
  expect(mail.html).toContain(`<html lang="${language}">`);
  expect(mail.html).toContain(`<title>${mail.subject}</title>`);
  const links = anchors(mail.html);
  expect(links.length).toBeGreaterThan(0);
  // Every <a> in the HTML is a link element (none lost to the regular expression above).
  expect(links).toHaveLength((mail.html.match(/<a\b/g) ?? []).length);
  for (const link of links) {
    expect(() => new URL(link.href)).not.toThrow();
    expect(link.text).toBe(link.href);
  }
  // The text part carries the same links, in the same order, none glued to a letter or a stop.
  expect(textLinks(mail.text)).toEqual(links.map((link) => link.href));
  expect(mail.text).not.toMatch(/\S(?<!\s)https?:\/\//);
  expect(mail.text).not.toMatch(/https?:\/\/\S*[.።]\s*$/m);
  // The text part says what the HTML says, word for word.
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(mail.html)?.[1] ?? '';
  const htmlWords = main
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  const words = (value: string) => value.split(/\s+/).filter(Boolean);
  expect(words(htmlWords)).toEqual(words(mail.text));
  // And no link touches a word in the HTML either.
  expect(mail.html).not.toMatch(/[^\s>]<a\b/);
  expect(mail.html).not.toMatch(/<\/a>[^\s<]/);
}

describe('emails are documents people can use', () => {
  let t: TestApp;
  let admin: Session;
  const smtp = new SmtpSink();

  beforeAll(async () => {
    ({ t, admin } = await appWithMail(smtp));
  });
  afterAll(() => closeWithMail(t, smtp));

  it('an English member gets English documents with real links (welcome, confirmation)', async () => {
    const member = await registerMember(t.http, { language: 'en' }, { verified: false });
    for (const subject of ['Welcome to the community', 'Confirm your email address']) {
      const mail = await parse(await smtp.waitForSubject(member.user.email, subject, 20000));
      expect(mail.subject).toBe(subject);
      expectDocument(mail, 'en');
    }
    const confirm = await parse(
      await smtp.waitForSubject(member.user.email, 'Confirm your email address'),
    );
    expect(anchors(confirm.html)[0].href).toMatch(/\/verify-email#token=[\w-]+$/);
  }, 60000);

  it('an Amharic member gets Amharic documents: the date, the time and the country in Amharic', async () => {
    const event = await createEvent(t.http, admin, {
      title: 'Toronto gala',
      date: '2031-03-14',
      time: '18:00',
      location: { name: 'Community Hall', city: 'Toronto', country: 'Canada' },
      timeZone: 'America/Toronto',
    });
    const member = await registerMember(t.http, { language: 'am' });
    await t.http
      .post(`/api/events/${event._id}/rsvp`)
      .set(member.auth)
      .send({ status: 'going' })
      .expect(200);
    const mail = await parse(
      await smtp.waitForSubject(member.user.email, 'የእርስዎ ምላሽ፦ Toronto gala', 20000),
    );
    expectDocument(mail, 'am');
    // The month, weekday and country as ICU writes them in Amharic, never in English.
    const day = new Date('2031-03-14T12:00:00Z');
    const month = new Intl.DateTimeFormat('am', { month: 'long', timeZone: 'UTC' }).format(day);
    const weekday = new Intl.DateTimeFormat('am', { weekday: 'long', timeZone: 'UTC' }).format(day);
    // 18:00 read in Amharic: its day period ("ከሰዓት"), not "PM".
    const evening = new Intl.DateTimeFormat('am', { hour: 'numeric', timeZone: 'UTC' })
      .formatToParts(new Date('2031-03-14T18:00:00Z'))
      .find((part) => part.type === 'dayPeriod')?.value as string;
    const country = new Intl.DisplayNames(['am'], { type: 'region' }).of('CA') as string;
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(month);
      expect(part).toContain(weekday);
      expect(part).toContain(country);
      expect(part).toContain(evening);
      expect(part).not.toMatch(/March|Friday|Canada|PM/);
    }
    expect(anchors(mail.html).map((link) => link.href)).toEqual([
      `${t.config.publicUrl}/events/${event._id}`,
    ]);

    const welcome = await parse(
      await smtp.waitForSubject(member.user.email, 'እንኳን ወደ ማኅበረሰቡ በደህና መጡ'),
    );
    expectDocument(welcome, 'am');
  }, 60000);
});
