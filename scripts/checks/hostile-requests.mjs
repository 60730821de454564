// The compose deployment's step for requests a guest can send on purpose or by accident: bodies over
// each kind of route's limit, bodies a replica refuses before reading them, slow bodies, malformed
// paths and oversized headers, all through nginx to the API replicas. None may take a replica out of
// nginx's rotation (a 502 for everyone afterwards), and whatever nginx answers itself reads in the
// API's one error shape.
import { connect } from 'node:net';
import { check, exchange, socketTo } from './steps.mjs';

const MB = 1024 * 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * One raw HTTP/1.1 exchange with nginx on a loopback port (steps.mjs's `exchange`): the request
 * head, then `body` (a Buffer). Resolves with the answer's status, headers and body.
 */
export async function send(port, { method = 'GET', path, headers = {}, body }) {
  const head = [
    `${method} ${path} HTTP/1.1`,
    'Host: localhost',
    'Connection: close',
    ...(body ? [`Content-Length: ${body.length}`] : []),
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  const text = await exchange(socketTo(port), body ? [head, body] : head);
  const split = text.indexOf('\r\n\r\n');
  if (split < 0) throw new Error(`no answer to ${method} ${path}: ${text.slice(0, 80)}`);
  const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
  const fields = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers: fields, text: text.slice(split + 4) };
}

/** `answer` is `status` in the API's error shape: `{ statusCode, msg, code }` as JSON. */
function inErrorShape(answer, status) {
  let body;
  try {
    // A chunked answer's body starts with its size line.
    body = JSON.parse(
      answer.text.slice(answer.text.indexOf('{'), answer.text.lastIndexOf('}') + 1),
    );
  } catch {
    return false;
  }
  return (
    answer.status === status &&
    /^application\/json/.test(answer.headers['content-type'] ?? '') &&
    body.statusCode === status &&
    typeof body.msg === 'string' &&
    body.msg.length > 0 &&
    typeof body.code === 'string'
  );
}

/** A multipart form of one file field holding `bytes` bytes. */
function multipartFile(field, bytes) {
  const boundary = 'hostile-boundary';
  return {
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      Buffer.alloc(bytes, 0xff),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** A body that arrives one byte every 200 ms until `stop()`; nginx holds it, not a replica. */
function slowBody(port, path) {
  const socket = connect(port, '127.0.0.1', () => {
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        'Content-Length: 1000\r\n\r\n{',
    );
  });
  socket.on('error', () => {});
  const timer = setInterval(() => socket.writable && socket.write(' '), 200);
  return () => {
    clearInterval(timer);
    socket.destroy();
  };
}

/** The requests, what each must answer, and that both replicas still serve afterwards. */
export async function hostileRequestsStep({ balancer, services: { running } }) {
  const port = balancer.listen[80];
  const json = { 'Content-Type': 'application/json' };
  const cases = [
    // The report: a guest's 5 MB sign-in; two took both replicas out of rotation. Larger bodies
    // overflow the sockets' buffers sooner, when a replica would answer before reading them.
    ...[5, 60, 60, 60].map((size) => ({
      name: `${size} MB JSON to the sign-in`,
      request: {
        method: 'POST',
        path: '/api/auth/login',
        headers: json,
        body: Buffer.alloc(size * MB, 0x20),
      },
      status: 413,
    })),
    {
      name: '2 MB JSON to a comment',
      request: {
        method: 'POST',
        path: '/api/comments',
        headers: json,
        body: Buffer.alloc(2 * MB, 0x20),
      },
      status: 413,
    },
    // Within nginx's limit for the upload routes, refused by the API's guard before it reads a byte.
    ...Array.from({ length: 3 }, () => ({
      name: "a guest's 30 MB event form",
      request: { method: 'POST', path: '/api/events', ...multipartFile('images', 30 * MB) },
      status: 401,
    })),
    {
      name: "a guest's 15 MB listing form",
      request: { method: 'POST', path: '/api/directory', ...multipartFile('logo', 15 * MB) },
      status: 401,
    },
    // Over the one-image routes' own limit (21 MB at nginx).
    ...[
      ['an article image', '/api/news/1/image', 'image'],
      ['a team photo', '/api/team/1/photo', 'photo'],
    ].map(([what, path, field]) => ({
      name: `25 MB to ${what} (over its limit)`,
      request: { method: 'PUT', path, ...multipartFile(field, 25 * MB) },
      status: 413,
    })),
    { name: 'a NUL in the path', request: { path: '/api/news/%00' }, status: 400 },
    { name: 'a broken escape in the path', request: { path: '/news/%ZZ' }, status: 400 },
    { name: 'a path above the root', request: { path: '/../../etc/passwd' }, status: 400 },
    {
      name: 'a 64 KB cookie',
      request: { path: '/api/health', headers: { Cookie: `c=${'x'.repeat(64 * 1024)}` } },
      status: 400,
    },
  ];

  const stopSlow = Array.from({ length: 4 }, () => slowBody(port, '/api/auth/login'));
  const wrong = [];
  for (const { name, request, status } of cases) {
    const answer = await send(port, request);
    const said = `${name}: ${answer.status} ${answer.headers['content-type'] ?? ''} ${answer.text.slice(0, 90)}`;
    if (inErrorShape(answer, status)) console.log(`ok: ${said}`);
    else wrong.push(`${said} (expected ${status})`);
  }

  // While slow bodies trickle in, and after everything above, every request is served by a replica.
  const before = running.api.map((proc) => proc.lines.length);
  const statuses = [];
  for (let i = 0; i < 20; i++) {
    // Health: never from nginx's cache, so each reaches a replica.
    statuses.push((await send(port, { path: '/api/health/ready' })).status);
  }
  stopSlow.forEach((stop) => stop());
  check(
    statuses.every((s) => s === 200),
    `20 requests after the hostile ones: ${[...new Set(statuses)].join(', ')}`,
  );
  await sleep(200);
  // nginx's error log: the web container's stderr.
  const errors = balancer.errors();
  const served = running.api.map((proc, i) => proc.lines.length - before[i]);
  check(
    served.every((n) => n > 0),
    `both replicas still in rotation: ${served.join(' + ')} requests`,
  );
  const failed = errors.split('\n').filter((line) => /upstream|writev\(\) failed/.test(line));
  check(
    failed.length === 0,
    `nginx's error log shows no replica counted as failed${failed.length ? `:\n${failed.join('\n')}` : ''}`,
  );
  check(
    wrong.length === 0,
    wrong.length
      ? `hostile requests misanswered:\n  ${wrong.join('\n  ')}`
      : 'every hostile request answered in the error shape',
  );
}
