import { acceptedEncoding } from './guest-answers';

describe('the encoding a replayed answer is sent in', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(acceptedEncoding('br, gzip')).toBe('br');
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('GZIP')).toBe('gzip');
    expect(acceptedEncoding('deflate, identity')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
    // Asked again (the answer is remembered per header value): the same choice.
    expect(acceptedEncoding('gzip, deflate, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('br, gzip')).toBe('br');
  });
});
