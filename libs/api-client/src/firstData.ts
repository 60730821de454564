import type { Middleware } from 'openapi-fetch';

/** The `<script type="application/json">` the server puts in a page's HTML (backend/src/web). */
export const FIRST_DATA_ID = 'first-data';

/** A GET's path and query, parameters sorted: how the HTML and the client name one answer. */
export function firstDataKey(url: string): string {
  const parsed = new URL(url, 'http://first-data.invalid');
  parsed.searchParams.sort();
  return `${parsed.pathname}${parsed.search}`;
}

let answers: Map<string, unknown> | undefined;

/** The answers the page's HTML carries, read once (none outside a browser). */
function embeddedAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const text = globalThis.document?.getElementById(FIRST_DATA_ID)?.textContent;
  if (!text) return answers;
  try {
    for (const [url, body] of Object.entries(JSON.parse(text) as Record<string, unknown>)) {
      answers.set(firstDataKey(url), body);
    }
  } catch {
    // A damaged script costs the page its head start, not its data: the API answers instead.
  }
  return answers;
}

/**
 * Answers a guest's first GET of a list the page's HTML already carries from the HTML, once, so
 * the first view's data does not wait for the scripts and then a round trip; any later request,
 * and every request of a signed-in member (whose answers differ), goes to the API.
 */
export const firstData: Middleware = {
  onRequest({ request }) {
    if (request.method !== 'GET' || request.headers.has('Authorization')) return undefined;
    if (new URL(request.url).origin !== globalThis.location?.origin) return undefined;
    const store = embeddedAnswers();
    const key = firstDataKey(request.url);
    if (!store.has(key)) return undefined;
    const body = store.get(key);
    store.delete(key);
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  },
};

/** Forgets the answers read (tests put a new page in the document). */
export function resetFirstData(): void {
  answers = undefined;
}
