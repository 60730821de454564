import { chosenEncoding } from './shared-answers';

describe('chosenEncoding (as @fastify/compress negotiates)', () => {
  it.each([
    [undefined, undefined],
    ['identity', undefined],
    ['br, gzip', 'br'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0, GZIP', 'gzip'],
    ['gzip;q=1.0, br;q=0.1', 'gzip'],
    ['*', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', undefined],
  ])('%s gets %s', (asked, chosen) => {
    expect(chosenEncoding(asked)).toBe(chosen);
  });
});
