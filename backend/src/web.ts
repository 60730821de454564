import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { AppConfig } from './config/config';
import { toErrorBody } from './common/errors/error-body';
import { AppException } from './common/errors/app-exception';

/** The built front ends and the URL each is served at. */
const BUNDLES = [
  { dir: 'portal/dist', prefix: '/remotes/portal/' },
  { dir: 'admin-console/dist', prefix: '/remotes/admin/' },
  { dir: 'shell/dist', prefix: '/' },
];

/** Hashed assets live forever; entry documents (index.html, remoteEntry.js) are never cached. */
function cacheControl(path: string): string {
  const hashed =
    /[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|svg|jpg|webp)$/.test(path) &&
    !path.endsWith('remoteEntry.js');
  return hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Serves the shell, the remotes and a SPA fallback; unknown /api and /remotes paths get a JSON 404. */
export function serveWeb(app: NestFastifyApplication, config: AppConfig): void {
  const root = config.webDir ?? resolve(__dirname, '..', '..');
  const fastify = app.getHttpAdapter().getInstance();
  const shellIndex = join(root, 'shell/dist/index.html');
  let decorated = false;
  for (const bundle of BUNDLES) {
    const dir = join(root, bundle.dir);
    if (!existsSync(dir)) continue;
    void app.register(fastifyStatic, {
      root: dir,
      prefix: bundle.prefix,
      wildcard: false,
      index: false,
      decorateReply: !decorated,
      setHeaders: (reply, path) => void reply.header('cache-control', cacheControl(path)),
    });
    decorated = true;
  }
  const notFound = (reply: FastifyReply, what: string) => {
    const body = toErrorBody(AppException.notFound(`${what} was not found`));
    return reply.status(404).send(body);
  };
  // A wildcard route loses to every specific route, so it only answers what nothing else does.
  fastify.get('/*', (request, reply) => {
    const path = request.url.split('?')[0];
    // A missing file (an old hashed asset after a rebuild) is a 404, never the HTML shell.
    if (path.startsWith('/api') || path.startsWith('/remotes/') || /\.[a-z0-9]+$/i.test(path)) {
      return notFound(reply, `${request.method} ${path}`);
    }
    const indexHtml = readShellIndex(shellIndex);
    if (!indexHtml) return notFound(reply, 'The web front end (run npm run build)');
    // Deep links load the shell, which routes on the client.
    return reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
  });
}

let cachedIndex: { mtimeMs: number; html: string } | undefined;

/** The shell's index.html, re-read only when a rebuild has changed it. */
function readShellIndex(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  const { mtimeMs } = statSync(file);
  if (cachedIndex?.mtimeMs !== mtimeMs) cachedIndex = { mtimeMs, html: readFileSync(file, 'utf8') };
  return cachedIndex.html;
}
