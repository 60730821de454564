import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearerMatches } from '../../modules/metrics/metrics.controller';
import { Metrics } from './metrics';

/**
 * The worker has no HTTP API: it serves its metrics (job counts and times, the queue, the outbox,
 * memory, event-loop lag) on a port of its own, behind the same token as /api/metrics.
 */
export async function serveWorkerMetrics(
  metrics: Metrics,
  token: string,
  port: number,
  host: string,
): Promise<Server & { port: number }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    if (!bearerMatches(request.headers.authorization, token)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"' }).end();
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return Object.assign(server, { port: (server.address() as AddressInfo).port });
}
