import { Language } from '../../common/language';
import { formatEventTime, localiseWhen } from './event-time';
import { renderMail } from './mail.templates';

describe("an event's time in an email", () => {
  const toronto = { startsAt: '2030-12-05T23:00:00.000Z', timeZone: 'America/Toronto' };
  const washington = { startsAt: '2030-06-10T14:00:00.000Z', timeZone: 'America/New_York' };
  const addis = { startsAt: '2030-12-24T15:30:00.000Z', timeZone: 'Africa/Addis_Ababa' };

  it("states the venue's clock and zone in English", () => {
    expect(formatEventTime(toronto, Language.EN)).toBe(
      'Thursday, December 5, 2030 at 6:00 PM EST (Toronto)',
    );
    expect(formatEventTime(washington, Language.EN)).toContain('10:00 AM EDT (New York)');
    expect(formatEventTime(addis, Language.EN)).toContain('6:30 PM GMT+3 (Addis Ababa)');
  });

  it('states it in Amharic for an Amharic reader', () => {
    const text = formatEventTime(toronto, Language.AM);
    expect(text).toContain('ዲሴምበር');
    expect(text).toContain('6:00');
    expect(text).toContain('(Toronto)');
    expect(text).not.toContain('December');
  });

  it('writes the template in the language it is rendered in, old payloads as they were', () => {
    const payload = {
      name: 'Abebe',
      eventTitle: 'Gala',
      when: 'as recorded',
      eventTime: toronto,
      venue: 'Hall, Toronto, Canada',
      eventUrl: 'http://localhost/events/1',
    };
    expect(renderMail('eventReminder', payload, Language.EN).text).toContain('6:00 PM EST');
    expect(renderMail('eventReminder', payload, Language.AM).text).toContain('ዲሴምበር');
    const { eventTime: _dropped, ...old } = payload;
    expect(localiseWhen(old, Language.AM)).toBe(old);
  });
});
