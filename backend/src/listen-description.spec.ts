import { listenDescription } from './listen-description';

describe('listenDescription', () => {
  it('names the configured host, not localhost', () => {
    expect(listenDescription('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(listenDescription('platform.internal', 8080)).toBe('http://platform.internal:8080');
  });

  it('puts an IPv6 address in brackets', () => {
    expect(listenDescription('::1', 3000)).toBe('http://[::1]:3000');
  });

  it('says when the server listens on every interface', () => {
    expect(listenDescription('0.0.0.0', 3000)).toBe('http://0.0.0.0:3000 (every interface)');
    expect(listenDescription('::', 3000)).toBe('http://[::]:3000 (every interface)');
  });
});
