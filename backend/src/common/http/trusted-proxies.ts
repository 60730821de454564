import { compile } from '@fastify/proxy-addr';

type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

// The private networks a deployment's own proxy answers from (compose's nginx among them).
const privateNetwork = compile(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Fastify's `trustProxy` for the configured TRUST_PROXY. Fastify 5.12 no longer trusts a bare hop
 * count (a client reaching the API directly could then name any address), so a count trusts that
 * many hops only where each one's address is on a private network; addresses and `true` pass as-is.
 */
export function trustedProxies(setting: boolean | number | string): TrustProxy {
  if (typeof setting !== 'number') return setting;
  return (address, hop) => hop < setting && privateNetwork(address, hop);
}
