import { createServer, Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, TestApp } from './support/test-app';

/**
 * The worker's log: JSON lines in production, each written during a job carrying the job's id
 * and name. An SMTP server that drops every connection makes the contact form's email fail.
 */
describe('logs: a job that fails logs JSON lines with its job id', () => {
  let t: TestApp;
  let smtp: Server;
  const lines: string[] = [];
  let capture: jest.SpyInstance;

  beforeAll(async () => {
    smtp = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.address() as AddressInfo).port;
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${port}`,
      },
    });
    capture = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      return true;
    });
  });
  afterAll(async () => {
    capture?.mockRestore();
    await t?.close();
    smtp?.close();
  });

  it('says which job failed on every line, and nothing below LOG_LEVEL', async () => {
    const res = await t.http
      .post('/api/contact')
      .send({ name: 'Hanna', email: 'hanna@example.org', subject: 'Hi', message: 'Hello there.' })
      .expect(201);
    expect(res.body.emailSent).toBe(false);
    const deadline = Date.now() + 15_000;
    const jobLines = () =>
      lines
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.job === 'mail.send');
    while (jobLines().length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const found = jobLines();
    const failure = found.find((line) => line.context === 'MailService');
    expect(failure).toMatchObject({
      level: 'warn',
      jobId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      message: expect.stringContaining('failed'),
    });
    // The queue's own line about the failed attempt names the same job.
    expect(found.map((line) => line.jobId)).toContain(failure?.jobId);
    // LOG_LEVEL=warn: no `log` lines at all.
    expect(lines.filter((line) => line.includes('"level":"log"'))).toEqual([]);
  });
});
