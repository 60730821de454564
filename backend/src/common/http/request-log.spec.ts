import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { loggableUrl, OneLinePerRequest, requestIdOf } from './request-log';

/** A logger that records what it was asked to write. */
function recorder() {
  const lines: Array<[string, unknown, string]> = [];
  const log = {
    info: (line: unknown, msg: string) => lines.push(['info', line, msg]),
    error: (line: unknown, msg: string) => lines.push(['error', line, msg]),
  } as unknown as FastifyBaseLogger;
  return { lines, log };
}

function exchange(log: FastifyBaseLogger, statusCode = 200) {
  const request = { method: 'GET', url: '/api/events?page=2', log } as unknown as FastifyRequest;
  const reply = { statusCode, elapsedTime: 3.14159, log } as unknown as FastifyReply;
  return { request, reply };
}

describe('one log line per request', () => {
  it('writes nothing when a request arrives and one line when it ends', () => {
    const { lines, log } = recorder();
    const controller = new OneLinePerRequest('info');
    const { request, reply } = exchange(log);
    controller.incomingRequest();
    controller.requestCompleted(null, request, reply);
    expect(lines).toEqual([
      [
        'info',
        { method: 'GET', url: '/api/events?page=2', statusCode: 200, responseTime: 3.1 },
        'request',
      ],
    ]);
  });

  it('above info writes only failed requests, with their error', () => {
    const { lines, log } = recorder();
    const controller = new OneLinePerRequest('warn');
    const { request, reply } = exchange(log, 500);
    controller.requestCompleted(null, exchange(log).request, exchange(log).reply);
    expect(lines).toEqual([]);
    const error = new Error('boom');
    controller.requestCompleted(error, request, reply);
    expect(lines).toEqual([
      [
        'error',
        {
          method: 'GET',
          url: '/api/events?page=2',
          statusCode: 500,
          responseTime: 3.1,
          err: error,
        },
        'request errored',
      ],
    ]);
  });

  it('never writes the token of an emailed link', () => {
    const { lines, log } = recorder();
    const controller = new OneLinePerRequest('info');
    const request = {
      method: 'GET',
      url: '/reset-password?token=s3cr3t_Tok-en',
      log,
    } as unknown as FastifyRequest;
    controller.requestCompleted(null, request, exchange(log).reply);
    controller.requestCompleted(new Error('boom'), request, exchange(log, 500).reply);
    controller.requestCompleted(
      null,
      { ...request, url: '/verify-email?token=s3cr3t_Tok-en' } as FastifyRequest,
      exchange(log).reply,
    );
    expect(lines.map(([, line]) => (line as { url: string }).url)).toEqual([
      '/reset-password?token=[redacted]',
      '/reset-password?token=[redacted]',
      '/verify-email?token=[redacted]',
    ]);
    controller.routeNotFound({
      raw: { method: 'GET', url: '/nowhere?token=s3cr3t_Tok-en' },
      log,
    } as unknown as FastifyRequest);
    expect(lines.at(-1)?.[1]).toBe('Route GET:/nowhere?token=[redacted] not found');
    expect(JSON.stringify(lines)).not.toContain('s3cr3t');
  });

  it("keeps a balancer's request id when it is sensible, and makes one otherwise", () => {
    expect(requestIdOf({ headers: { 'x-request-id': 'lb-42' } })).toBe('lb-42');
    expect(requestIdOf({ headers: { 'x-request-id': 'x'.repeat(101) } })).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    expect(requestIdOf({ headers: {} })).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('loggableUrl', () => {
  it.each([
    ['/reset-password?token=abc_123', '/reset-password?token=[redacted]'],
    ['/confirm-email?token=a%2Bb&lang=am', '/confirm-email?token=[redacted]&lang=am'],
    ['/api/events?page=2&token=abc&q=token%3Dx', '/api/events?page=2&token=[redacted]&q=token%3Dx'],
    ['/x?TOKEN=a&Token=b&t%6Fken=c', '/x?TOKEN=[redacted]&Token=[redacted]&t%6Fken=[redacted]'],
    ['/x?token=a&token=b', '/x?token=[redacted]&token=[redacted]'],
    // A fragment is never sent by a browser, but a client may send one anyway.
    ['/reset-password#token=abc', '/reset-password#token=[redacted]'],
    ['/x?token=', '/x?token=[redacted]'],
  ])('redacts the token of %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });

  it.each([
    '/api/events?page=2&limit=20',
    '/api/news?cursor=abc&sort=-date',
    '/api/users?q=tokenomics&tokens=3&mytoken=1',
    '/reset-password',
    '/api/x?%E0%A4%A=1',
  ])('keeps %s as it is', (url) => {
    expect(loggableUrl(url)).toBe(url);
  });
});
