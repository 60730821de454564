import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, upload } from './index';
import { ApiRequestError } from './errors';
import { authStorage } from './authStorage';

/** A stand-in XMLHttpRequest that records what was sent and answers on demand. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: {
    onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void;
  } = {};
  onload?: () => void;
  onerror?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('upload', () => {
  it('sends the form to the typed path with the bearer token and resolves the JSON', async () => {
    localStorage.setItem('token', 'abc');
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { _id: 'n1' }));
    const form = new FormData();
    form.append('image', new Blob(['x']), 'x.png');
    await expect(
      upload('PUT', '/api/news/{id}/image', form, { path: { id: 'n1' } }),
    ).resolves.toEqual({ _id: 'n1' });
    const request = fetch.mock.calls[0][0] as Request;
    expect(request.method).toBe('PUT');
    expect(new URL(request.url).pathname).toBe('/api/news/n1/image');
    expect(request.headers.get('Authorization')).toBe('Bearer abc');
  });

  it('rejects with the error body so screens can say its code', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(503, { statusCode: 503, msg: 'off', code: ErrorCode.UPLOAD_SERVICE_NOT_CONFIGURED }),
    );
    const failure = upload('POST', '/api/events', new FormData()).catch((error: unknown) => error);
    const error = (await failure) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.body.code).toBe(ErrorCode.UPLOAD_SERVICE_NOT_CONFIGURED);
  });
});

describe('upload with progress (XMLHttpRequest)', () => {
  it('sends the form with the token, fills path ids and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    authStorage.save('tok-1', {
      _id: 'u1',
      name: 'A',
      email: 'a@example.com',
      role: 'member',
    } as never);
    const progress: number[] = [];
    const form = new FormData();
    const pending = upload<{ _id: string }>('PUT', '/api/directory/{id}', form, {
      path: { id: 'a b' },
      onProgress: (percent) => progress.push(percent),
    });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toMatch(/\/api\/directory\/a%20b$/);
    expect(xhr.headers.Authorization).toBe('Bearer tok-1');
    expect(xhr.body).toBe(form);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    expect(progress).toEqual([25]);
    xhr.answer(201, { _id: 'x' });
    await expect(pending).resolves.toEqual({ _id: 'x' });
  });

  it('rejects with the API error body on failure, with progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const pending = upload('POST', '/api/directory', new FormData(), { onProgress: () => {} });
    FakeXhr.last.answer(400, { statusCode: 400, msg: 'Business name is required' });
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(400);
  });
});
