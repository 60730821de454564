import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { OneLinePerRequest, requestIdOf } from './request-log';

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
    controller.write(log, {
      reqId: 'r1',
      method: 'GET',
      url: '/x',
      statusCode: 304,
      responseTime: 0.2,
    });
    expect(lines[1]).toEqual([
      'info',
      { reqId: 'r1', method: 'GET', url: '/x', statusCode: 304, responseTime: 0.2 },
      'request',
    ]);
  });

  it('above info writes only failed requests, with their error', () => {
    const { lines, log } = recorder();
    const controller = new OneLinePerRequest('warn');
    const { request, reply } = exchange(log, 500);
    controller.requestCompleted(null, exchange(log).request, exchange(log).reply);
    controller.write(log, {
      reqId: 'r1',
      method: 'GET',
      url: '/x',
      statusCode: 200,
      responseTime: 1,
    });
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

  it("keeps a balancer's request id when it is sensible, and makes one otherwise", () => {
    expect(requestIdOf({ headers: { 'x-request-id': 'lb-42' } })).toBe('lb-42');
    expect(requestIdOf({ headers: { 'x-request-id': 'x'.repeat(101) } })).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    expect(requestIdOf({ headers: {} })).toMatch(/^[0-9a-f-]{36}$/);
  });
});
