import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, upload } from './index';
import { ApiRequestError } from './errors';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.restoreAllMocks();
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
