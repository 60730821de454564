import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, unwrap } from './client';
import { FIRST_DATA_ID, firstDataKey, resetFirstData } from './firstData';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A page whose HTML carries these answers, as the server writes them. */
function pageCarries(answers: Record<string, unknown>): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_DATA_ID;
  script.textContent = JSON.stringify(answers);
  document.body.append(script);
  resetFirstData();
}

const listEvents = () =>
  unwrap(api.GET('/api/events', { params: { query: { page: 1, limit: 12 } } }));

afterEach(() => {
  vi.restoreAllMocks();
  document.getElementById(FIRST_DATA_ID)?.remove();
  resetFirstData();
  localStorage.clear();
});

describe('answers the HTML carries', () => {
  it('names an answer by path and sorted query', () => {
    expect(firstDataKey('http://x/api/events?page=1&limit=12')).toBe('/api/events?limit=12&page=1');
    expect(firstDataKey('/api/events?limit=12&page=1')).toBe('/api/events?limit=12&page=1');
  });

  it("answers a guest's first request from the HTML, and the next one from the API", async () => {
    pageCarries({ '/api/events?limit=12&page=1': { events: [{ title: 'From the HTML' }] } });
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { events: [] }));

    expect(await listEvents()).toEqual({ events: [{ title: 'From the HTML' }] });
    expect(fetch).not.toHaveBeenCalled();

    expect(await listEvents()).toEqual({ events: [] });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('asks the API for a request the HTML does not carry', async () => {
    pageCarries({ '/api/events?limit=12&page=2': { events: [{ title: 'Page two' }] } });
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { events: [] }));
    expect(await listEvents()).toEqual({ events: [] });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it("asks the API for a signed-in member, whose answers are not a guest's", async () => {
    pageCarries({ '/api/events?limit=12&page=1': { events: [{ title: 'For guests' }] } });
    localStorage.setItem('token', 'abc');
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { events: [] }));
    expect(await listEvents()).toEqual({ events: [] });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('asks the API when the carried answers are damaged', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = FIRST_DATA_ID;
    script.textContent = '{"/api/events?limit=12&page=1": ';
    document.body.append(script);
    resetFirstData();
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { events: [] }));
    expect(await listEvents()).toEqual({ events: [] });
    expect(fetch).toHaveBeenCalledOnce();
  });
});
