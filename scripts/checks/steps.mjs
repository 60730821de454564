// What the deployment checks share (the compose stage and its steps, npm start's check): check(),
// docs/operations.md's bash blocks, and raw HTTP/1.x exchanges with nginx (its 413 for a body over
// its limit).
import { connect } from 'node:net';
import { dirname, resolve } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { fileURLToPath } from 'node:url';

/** The project's checkout. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function check(ok, message) {
  if (!ok) throw new Error(message);
  console.log(`ok: ${message}`);
}

/** The bash blocks of docs/operations.md's `heading` section (up to the next `## `), as text. */
export function bashBlocks(guide, heading) {
  const start = guide.indexOf(heading);
  if (start < 0) throw new Error(`docs/operations.md has no "${heading}" section`);
  const end = guide.indexOf('\n## ', start + 1);
  const section = guide.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```bash\n([\s\S]*?)```/g)].map(([, block]) => block);
}

/** A block's lines, blank lines and comments skipped. */
export const commands = (block) =>
  block.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));

/**
 * What a server answers to `request` (HTTP/1.x text, or its head and body as chunks) on the socket
 * `open(onConnect)` makes. A server may reset the connection after answering a body it will not
 * read: the answer it sent is still the answer.
 */
export function exchange(open, request) {
  return new Promise((resolveExchange, reject) => {
    const socket = open(() => [request].flat().forEach((chunk) => socket.write(chunk)));
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => resolveExchange(text));
    socket.on('error', (error) => (text ? resolveExchange(text) : reject(error)));
    const firstLine = String([request].flat()[0]).split('\r\n')[0];
    socket.setTimeout(30000, () => reject(new Error(`no answer to ${firstLine}`)));
  });
}

/** A TCP connection to a loopback port, or a TLS one (`tlsOptions`: ca, servername). */
export const socketTo = (port, tlsOptions) => (ready) =>
  tlsOptions
    ? tlsConnect({ host: '127.0.0.1', port, ...tlsOptions }, ready)
    : connect(port, '127.0.0.1', ready);

/** A request whose declared length is over nginx's limit (no body follows). */
const oversizedPost = (path, bytes) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\n` +
  `Content-Length: ${bytes}\r\nConnection: close\r\n\r\n`;

/** The head and the JSON body of nginx's 413, and whether they are the API's error shape. */
function refusedShape(answer) {
  const [head, body = ''] = answer.split('\r\n\r\n');
  const refused = JSON.parse(body.trim() || '{}');
  const ok =
    /^HTTP\/1\.1 413/.test(head) &&
    /content-type: application\/json/i.test(head) &&
    refused.code === 'PAYLOAD_TOO_LARGE' &&
    typeof refused.msg === 'string';
  return { head, refused, ok };
}

/**
 * What nginx on a loopback port (over TLS with `tlsOptions`) answers to a 400 MiB body for
 * /api/events: refusedShape's head, body and verdict.
 */
export async function tooLarge(port, tlsOptions) {
  const request = oversizedPost('/api/events', 400 * 1024 * 1024);
  return refusedShape(await exchange(socketTo(port, tlsOptions), request));
}
