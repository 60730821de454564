import { resolve, join } from 'node:path';
import { existsSync } from 'node:fs';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { ContentRegistry } from '../common/content/content-registry';
import { AppConfig } from '../config/config';
import { toErrorBody } from '../common/errors/error-body';
import { refuseEncodedBodies } from '../common/http/encoded-bodies';
import { AppException } from '../common/errors/app-exception';
import { cacheControl } from './cache-control';
import { ResponseCache } from '../common/cache/response-cache';
import {
  ANSWER_ENCODINGS,
  BROTLI_OPTIONS,
  COMPRESS_THRESHOLD,
} from '../common/cache/shared-answers';
import { SitemapRegistry } from '../common/sitemap/sitemap-registry';
import { serveCrawlerFiles } from './crawlers';
import { fetchFirstData, firstViewLinks } from './first-data';
import { linkPreview, type PreviewContext } from './link-preview';
import { PageDocument } from './page-document';
import { pageLanguage, queryBesidesLanguage } from './page-language';
import { uploadedImageFacts } from './preview-image';

/** The built front ends and the URL each is served at. */
const BUNDLES = [
  { dir: 'portal/dist', prefix: '/remotes/portal/' },
  { dir: 'admin-console/dist', prefix: '/remotes/admin/' },
  { dir: 'shell/dist', prefix: '/' },
];

/**
 * Compresses answers of 1 KB and more (API lists, the HTML of a page) with brotli or gzip; static
 * assets come precompressed from the build, and this leaves an answer already encoded as it is.
 */
export async function compressAnswers(app: NestFastifyApplication): Promise<void> {
  // Request bodies are never compressed by our clients: no decompression hook on any route (one
  // hook less per request, and no body inflated past the limit it was checked against); a body
  // sent compressed anyway is refused (415) by the routes that take one.
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route) => {
      route.decompress ??= false;
      refuseEncodedBodies(route);
    });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: [...ANSWER_ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
  });
}

/**
 * Paths that are never a page: the API and the remotes in any letter case (a JSON 404 in the
 * API's error shape), and files (an old hashed asset after a rebuild is a 404, never the shell).
 */
const NOT_A_PAGE = /^\/(api|remotes)(\/|$)|\.[a-z0-9]+$/i;

/**
 * Serves the shell, the remotes, a SPA fallback and the crawlers' files; unknown /api and
 * /remotes paths get a JSON 404, and a page naming an item that is not public a 404 page.
 */
export function serveWeb(app: NestFastifyApplication, config: AppConfig): void {
  const root = config.webDir ?? resolve(__dirname, '..', '..', '..');
  const fastify = app.getHttpAdapter().getInstance();
  const registry = app.get(ContentRegistry);
  serveCrawlerFiles(fastify, app.get(SitemapRegistry), app.get(ResponseCache), config.publicUrl);
  const document = new PageDocument(root);
  let decorated = false;
  for (const bundle of BUNDLES) {
    const dir = join(root, bundle.dir);
    if (!existsSync(dir)) continue;
    void app.register(fastifyStatic, {
      root: dir,
      prefix: bundle.prefix,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The ETag alone revalidates an entry file (hashed ones are never asked again), and no
      // script is read by ranges: two headers less on each of a page's ~36 files.
      lastModified: false,
      acceptRanges: false,
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
  fastify.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (NOT_A_PAGE.test(path)) return notFound(reply, `${request.method} ${path}`);
    const site = document.siteCard();
    if (!site) return notFound(reply, 'The web front end (run npm run build)');
    const context: PreviewContext = {
      path,
      language: pageLanguage(request.url),
      publicUrl: config.publicUrl,
      imageFacts: (url) => uploadedImageFacts(fastify, url),
    };
    // A failing lookup costs the page its item card, not the page itself.
    const preview = await linkPreview(registry, site, context).catch((error: unknown) => {
      request.log.warn({ err: error }, 'link preview failed');
      return linkPreview(undefined, site, context);
    });
    // The lists the first view draws come with it; failing, the browser asks for them itself. A
    // query (filters, a page number) asks for other lists, and their first picture differs.
    const wanted = queryBesidesLanguage(request.url) ? [] : document.firstViewData(path);
    const first = await fetchFirstData(fastify, wanted).catch((error: unknown) => {
      request.log.warn({ err: error }, 'first view data failed');
      return undefined;
    });
    // Deep links load the shell, which routes on the client; the HTML carries the first view.
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string')
      reply.header('content-security-policy', document.policy(policy));
    // An unknown or unpublished item's page is the shell (which shows "not found") with a 404.
    return reply
      .status(preview.missing ? 404 : 200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(document.render(path, preview, first, firstViewLinks(first?.answers ?? {})));
  });
}
