import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const HSTS = 'strict-transport-security';

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
 * What a JSON answer of the API needs: a policy that loads nothing and may not be framed
 * (`frame-ancestors`, which every browser the site runs in honours in place of X-Frame-Options),
 * no sniffing, and no other site may embed it. A JSON answer has no links or subresources for a
 * referrer policy to act on; HSTS comes with it over https (`registerSecurityHeaders`). Helmet's
 * other headers (COOP, Origin-Agent-Cluster, DNS prefetch...) act on documents: the API set is 3
 * headers of the document set's 12, and nginx re-reads each one on every microcache hit (ADR 0077).
 */
export function apiSecurityHeadersOf(documentHeaders: Record<string, string>) {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
  };
  const hsts = documentHeaders[HSTS];
  if (hsts) headers[HSTS] = hsts;
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

/** A set without HSTS, for answers over plain http: RFC 6797 §7.2 forbids it there. */
function withoutHsts(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name !== HSTS));
}

/**
 * The document set on pages, workers, Swagger UI and files; the API set on the API's JSON
 * answers; the asset set on the scripts, styles, fonts and pictures pages load. HSTS only on
 * answers to https requests (behind a proxy, as TRUST_PROXY lets it say in X-Forwarded-Proto).
 */
export function registerSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions): void {
  const document = securityHeadersOf(options);
  const secure = {
    document,
    api: apiSecurityHeadersOf(document),
    asset: ASSET_SECURITY_HEADERS,
  };
  const plain = {
    document: withoutHsts(secure.document),
    api: withoutHsts(secure.api),
    asset: secure.asset,
  };
  fastify.addHook('onRequest', (request, reply, done) => {
    const sets = request.protocol === 'https' ? secure : plain;
    reply.headers(sets[securityHeadersKind(request.url)]);
    done();
  });
}
