import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once: @fastify/helmet rebuilt the middleware (and parsed the CSP
 * directives) on every request, several percent of a cached answer's CPU. Nothing in them depends
 * on the request, so each answer gets the same set.
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * What a JSON answer of the API needs (OWASP's REST Security Cheat Sheet): a policy that loads
 * nothing and may not be framed, no sniffing, HSTS, no referrer, and no other site may embed
 * it. Helmet's other headers (COOP, Origin-Agent-Cluster, DNS prefetch, X-Download-Options...)
 * act on documents; on every answer they were 8 of 21 headers and about 450 bytes.
 */
export function apiSecurityHeadersOf(documentHeaders: Record<string, string>) {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  const hsts = documentHeaders['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return headers;
}

/**
 * What a file a page loads (a script, a style sheet, a font, a picture) needs: no sniffing (a
 * script or style sheet of the wrong type is refused) and no other site may embed it. The
 * policies of a document (CSP, framing, COOP, referrer...) act on the document that loads it, and
 * HSTS is learnt from the page before any of its files is asked for (nginx-tls.conf sends its own
 * on every answer): on every one of a page's ~36 scripts they were 760 of 1,220 header bytes
 * (bench/README.md, "First page").
 */
export const ASSET_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

/** Under /api, only these answer documents a browser may open: Swagger UI and uploaded files. */
const API_DOCUMENTS = /^\/api\/(docs|files)(\/|-|$)/;

/** Files a page loads but never opens as a document (an SVG or HTML file can be one: not here). */
const ASSETS = /\.(m?js|css|woff2?|png|jpe?g|webp|avif|gif|ico|map)$/i;

/**
 * Scripts run as a worker, whose CSP and referrer policy are their own answer's: documents' set.
 * The Intl warm-up (a dedicated worker) and the site's service worker (docs/adr/0071).
 */
const WORKER_SCRIPTS = new Set(['/intl-warmup.js', '/sw.js']);

/** Which set of headers an answer to this URL gets. */
export function securityHeadersKind(url: string): 'api' | 'asset' | 'document' {
  if (url.startsWith('/api/')) return API_DOCUMENTS.test(url) ? 'document' : 'api';
  const path = url.split('?', 1)[0];
  return ASSETS.test(path) && !WORKER_SCRIPTS.has(path) ? 'asset' : 'document';
}

/**
 * The document set on pages, workers, Swagger UI and files; the API set on the API's JSON
 * answers; the asset set on the scripts, styles, fonts and pictures pages load.
 */
export function registerSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions): void {
  const document = securityHeadersOf(options);
  const sets = {
    document,
    api: apiSecurityHeadersOf(document),
    asset: ASSET_SECURITY_HEADERS,
  };
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(sets[securityHeadersKind(request.url)]);
    done();
  });
}
