import { freePort } from './support/ports';
import { newMember } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { createTestApp, TestApp } from './support/test-app';
import { MailRepository } from '../src/modules/mail/mail.repository';

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 15000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('mail queue', () => {
  let t: TestApp;
  let port: number;
  const smtp = new SmtpSink();

  beforeAll(async () => {
    port = await freePort();
    // Nothing listens on this port yet: the first delivery attempt must fail and be retried.
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('records a failed attempt, retries with backoff and delivers once SMTP is back', async () => {
    const member = newMember();
    await t.http.post('/api/auth/register').send(member).expect(201);
    const messages = t.app.get(MailRepository);
    const failed = await until(async () => {
      const row = (await messages.latest(10)).find(
        (m) => m.to === member.email && m.template === 'welcome',
      );
      return row?.status === 'failed' ? row : undefined;
    });
    expect(failed.attempts).toBeGreaterThanOrEqual(1);
    expect(failed.error).toEqual(expect.any(String));

    await smtp.start(port);
    await smtp.waitForSubject(member.email, 'Welcome to the community', 20000);
    const sent = await until(async () => {
      const row = (await messages.latest(10)).find(
        (m) => m.to === member.email && m.template === 'welcome',
      );
      return row?.status === 'sent' ? row : undefined;
    });
    expect(sent.sentAt).toBeInstanceOf(Date);
    // Registration sends the welcome and the verification link, each exactly once.
    await smtp.waitForSubject(member.email, 'Confirm your email address', 20000);
    const subjects = smtp.messages
      .filter((m) => m.to.includes(member.email))
      .map((m) => m.subject)
      .sort();
    expect(subjects).toEqual(['Confirm your email address', 'Welcome to the community']);
  }, 40000);
});
