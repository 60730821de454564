import Fastify from 'fastify';
import { createLogger } from '../../app.factory';
import { loadConfig } from '../../config/config';
import { ContextLogger, registerLogContext } from './context-logger';
import { withLogContext } from './log-context';

/** What the logger writes to stdout and stderr while `work` runs. */
async function written(work: () => unknown): Promise<string[]> {
  const lines: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  };
  const out = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    await work();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines;
}

const productionLogger = (level: string) =>
  createLogger(
    loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: level,
      JWT_SECRET: 'a-production-secret-long-enough-0123456789',
      DATA_DIR: '/tmp',
    }),
  );

describe('ContextLogger: the API and the worker log alike', () => {
  it('writes JSON in production with the job it runs in, at LOG_LEVEL and above', async () => {
    const logger = productionLogger('warn');
    const lines = await written(() =>
      withLogContext({ jobId: 'job-42', job: 'mail.send' }, () => {
        logger.log('sent', 'MailService');
        logger.warn('mail 42 failed: connection refused', 'MailService');
      }),
    );
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toEqual({
      level: 'warn',
      pid: process.pid,
      timestamp: expect.any(Number),
      message: 'mail 42 failed: connection refused',
      context: 'MailService',
      jobId: 'job-42',
      job: 'mail.send',
    });
    expect(await written(() => productionLogger('info').log('started', 'Bootstrap'))).toHaveLength(
      1,
    );
    expect(await written(() => productionLogger('silent').error('x', 'Bootstrap'))).toEqual([]);
  });

  it('marks text lines (development) with the request or job', async () => {
    const logger = new ContextLogger({ json: false, colors: false });
    const [line] = await written(() =>
      withLogContext({ reqId: 'r-7' }, () => logger.warn('slow', 'Events')),
    );
    expect(line).toMatch(/WARN \[Events\] \[req r-7\] slow/);
  });

  it("gives every line written during a request that request's id (a Fastify hook)", async () => {
    const logger = productionLogger('info');
    const fastify = Fastify({ genReqId: () => 'req-from-fastify' });
    registerLogContext(fastify);
    fastify.get('/', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      logger.log('handled', 'Test');
      return { ok: true };
    });
    const lines = await written(async () => {
      const res = await fastify.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
    });
    await fastify.close();
    expect(JSON.parse(lines[0])).toMatchObject({ message: 'handled', reqId: 'req-from-fastify' });
  });
});
