import { answer, json } from '@diaspora/test-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, upload } from './index';
import { ApiRequestError } from './errors';
import { authStorage } from './authStorage';

/**
 * A stand-in XMLHttpRequest that records what was sent and answers on demand: the progress
 * events of an upload are driven here, which the stand-in API cannot do.
 */
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

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('upload', () => {
  it('sends the form to the typed path with the bearer token and resolves the JSON', async () => {
    localStorage.setItem('token', 'abc');
    const received: Array<{ method: string; path: string; authorization: string | null }> = [];
    answer.put('/api/news/:id/image', ({ request }) => {
      const { pathname } = new URL(request.url);
      received.push({
        method: request.method,
        path: pathname,
        authorization: request.headers.get('Authorization'),
      });
      return json({ _id: 'n1' });
    });
    const form = new FormData();
    form.append('image', new Blob(['x']), 'x.png');
    await expect(
      upload('PUT', '/api/news/{id}/image', form, { path: { id: 'n1' } }),
    ).resolves.toEqual({ _id: 'n1' });
    expect(received).toEqual([
      { method: 'PUT', path: '/api/news/n1/image', authorization: 'Bearer abc' },
    ]);
  });

  it('rejects with the error body so screens can say its code', async () => {
    answer.post('/api/events', () =>
      json({ statusCode: 503, msg: 'off', code: ErrorCode.UPLOAD_SERVICE_NOT_CONFIGURED }, 503),
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
