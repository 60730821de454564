import Stripe from 'stripe';
import { AppConfig } from '../../config/config';

export const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');

/** The Stripe SDK, or undefined when no secret key is configured (payments are off). */
export function createStripeClient(config: AppConfig): Stripe | undefined {
  const { secretKey, apiBase } = config.stripe;
  if (!secretKey) return undefined;
  if (!apiBase) return new Stripe(secretKey, { maxNetworkRetries: 2 });
  // STRIPE_API_BASE points the SDK at another host (a local stand-in of the API in tests).
  const base = new URL(apiBase);
  return new Stripe(secretKey, {
    host: base.hostname,
    port: base.port ? Number(base.port) : undefined,
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
  });
}
