import { trustedProxies } from './trusted-proxies';

describe('trustedProxies', () => {
  it('passes true, false and named addresses to Fastify unchanged', () => {
    expect(trustedProxies(true)).toBe(true);
    expect(trustedProxies(false)).toBe(false);
    expect(trustedProxies('10.0.0.0/8, 127.0.0.1')).toBe('10.0.0.0/8, 127.0.0.1');
  });

  it('trusts a count of hops only from private networks', () => {
    const trust = trustedProxies(1) as (address: string, hop: number) => boolean;
    expect(typeof trust).toBe('function');
    for (const proxy of ['127.0.0.1', '::1', '10.1.2.3', '172.18.0.5', '192.168.1.1', 'fd00::1']) {
      expect(trust(proxy, 0)).toBe(true);
    }
    // A client on the internet reaching the API directly names no address of its own choosing.
    expect(trust('203.0.113.7', 0)).toBe(false);
    expect(trust('172.32.0.1', 0)).toBe(false);
    // Only as many hops as counted.
    expect(trust('10.1.2.3', 1)).toBe(false);
    const two = trustedProxies(2) as (address: string, hop: number) => boolean;
    expect(two('10.1.2.3', 1)).toBe(true);
    expect(two('10.1.2.3', 2)).toBe(false);
  });
});
