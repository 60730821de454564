import { http, HttpResponse, type DefaultBodyType, type HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, onTestFinished } from 'vitest';

/**
 * The one stand-in API of the front-end tests: each test says what the routes it needs answer
 * (`answer.get('/api/news', () => ...)`); a request nobody answers fails the test.
 */
export const apiServer = setupServer(
  // No sign-in providers, as a deployment has by default: the screens that offer them draw none.
  http.get('*/api/auth/oidc/providers', () => HttpResponse.json({ providers: [] })),
  // A member without a time zone: the shell saves the browser's, and leaves a refused one alone
  // (useBrowserTimeZone.test.tsx answers it as the API does).
  http.put('*/api/users/me/time-zone', () =>
    HttpResponse.json(
      { statusCode: 404, msg: 'Not in these tests', code: 'NOT_FOUND' },
      { status: 404 },
    ),
  ),
  // A signed-in member's bell: nothing unread, and a stream that says so and ends.
  http.get('*/api/notifications/unread-count', () => HttpResponse.json({ unread: 0 })),
  http.get(
    '*/api/notifications/stream',
    () =>
      new HttpResponse('event: unread\ndata: {"unread":0}\n\n', {
        headers: { 'Content-Type': 'text/event-stream' },
      }),
  ),
);

/** Starts the stand-in API for a test file (the packages' vitest setup calls it once). */
export function startApiServer(): void {
  beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => apiServer.resetHandlers());
  afterAll(() => apiServer.close());
}

type Resolver = HttpResponseResolver<Record<string, string | readonly string[]>, DefaultBodyType>;

// Any origin: the screens call the API on window.__APP_CONFIG__.apiOrigin or their own origin.
const anyOrigin = (path: string) => `*${path}`;

/** Routes for this test only, in the API's own path syntax (`/api/news/:id`). */
export const answer = {
  get: (path: string, resolver: Resolver) => apiServer.use(http.get(anyOrigin(path), resolver)),
  post: (path: string, resolver: Resolver) => apiServer.use(http.post(anyOrigin(path), resolver)),
  put: (path: string, resolver: Resolver) => apiServer.use(http.put(anyOrigin(path), resolver)),
  delete: (path: string, resolver: Resolver) =>
    apiServer.use(http.delete(anyOrigin(path), resolver)),
};

/** A JSON answer (200 unless told). */
export const json = (body: unknown, status = 200) =>
  HttpResponse.json(body as DefaultBodyType, { status });

/** The API's error shape (`{ statusCode, msg, code, errors? }`). */
export const apiError = (
  status: number,
  code: string,
  msg: string,
  errors?: Array<{ field: string; msg: string; code: string }>,
) => json({ statusCode: status, msg, code, ...(errors ? { errors } : {}) }, status);

/** A page of a list as the API answers it: `{ [key]: items, total, page, totalPages }`. */
export function pageOf<T>(key: string, items: T[], extra: Record<string, unknown> = {}) {
  return {
    [key]: items,
    total: items.length,
    page: 1,
    totalPages: items.length ? 1 : 0,
    ...extra,
  };
}

/**
 * Answers `method path` with `reply` (given how many have arrived, this one included) and keeps
 * each JSON body sent, in order (null for an empty body): what a screen posted, to assert on.
 */
export function bodiesSent(
  method: keyof typeof answer,
  path: string,
  reply: (count: number) => Response = () => json({}),
): unknown[] {
  const bodies: unknown[] = [];
  answer[method](path, async ({ request }) => {
    const text = await request.text();
    bodies.push(text ? JSON.parse(text) : null);
    return reply(bodies.length);
  });
  return bodies;
}

/**
 * Every request the screen sends from now to the end of the test, as
 * `METHOD /path?query body` (bodies read as text: Node 24's FormData parser refuses jsdom's File).
 */
export function recordRequests(): string[] {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const line = `${request.method} ${url.pathname}${url.search}`;
    if (request.method === 'GET' || request.method === 'HEAD') {
      seen.push(line);
      return;
    } // Listed at once, in the order sent; the body joins the line when it has been read.
    const index = seen.push(line) - 1;
    void request
      .clone()
      .text()
      .then((body) => {
        if (body) seen[index] = `${line} ${body}`;
      });
  };
  apiServer.events.on('request:start', listener);
  onTestFinished(() => apiServer.events.removeListener('request:start', listener));
  return seen;
}

export { http, HttpResponse };
