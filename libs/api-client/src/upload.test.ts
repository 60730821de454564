import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStorage } from './authStorage';
import { ApiRequestError } from './errors';
import { sendMultipart } from './upload';

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

describe('sendMultipart', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStorage.clear();
  });

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
    const pending = sendMultipart<{ _id: string }>('PUT', '/api/directory/{id}', form, {
      params: { id: 'a b' },
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

  it('rejects with the API error body on failure', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const pending = sendMultipart('POST', '/api/directory', new FormData());
    FakeXhr.last.answer(400, { statusCode: 400, msg: 'Business name is required' });
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(400);
  });
});
