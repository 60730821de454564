import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  created: number;
  livemode: false;
}

/**
 * A local HTTP stand-in of the few Stripe API calls the platform makes (payment intents and
 * refunds), so the real `stripe` SDK can be exercised without the network.
 */
export class StripeStandIn {
  readonly intents = new Map<string, StandInIntent>();
  readonly refunds: Array<{ id: string; payment_intent: string }> = [];
  private readonly byIdempotencyKey = new Map<string, unknown>();
  private failingRefunds = 0;
  private refundGate?: { reached: Promise<void>; arrive(): void; open: Promise<void> };
  private server?: Server;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** What Stripe.js does in the browser when the card is accepted. */
  succeed(id: string): void {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no intent ${id}`);
    intent.status = 'succeeded';
  }

  /** The next `count` refund requests fail as a Stripe outage would (HTTP 500, nothing refunded). */
  failRefunds(count = 1): void {
    this.failingRefunds = count;
  }

  /**
   * Refund requests wait until `release` is called; `reached` resolves when the first one arrives
   * (e.g. a cancellation is then past its first step and busy refunding).
   */
  holdRefunds(): { reached: Promise<void>; release(): void } {
    let arrive = () => {};
    let release = () => {};
    const reached = new Promise<void>((resolve) => (arrive = resolve));
    const open = new Promise<void>((resolve) => (release = resolve));
    this.refundGate = { reached, arrive, open };
    return {
      reached,
      release: () => {
        this.refundGate = undefined;
        release();
      },
    };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = parseForm(Buffer.concat(chunks).toString('utf8'));
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_standin' });
      res.end(JSON.stringify(body));
    };
    if (!req.headers.authorization?.startsWith('Bearer sk_')) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
    }
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_${randomBytes(8).toString('hex')}`;
      const intent: StandInIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: String(form.currency),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(6).toString('hex')}`,
        metadata: (form.metadata as Record<string, string>) ?? {},
        description: (form.description as string) ?? null,
        receipt_email: (form.receipt_email as string) ?? null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      this.intents.set(id, intent);
      return send(200, intent);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && match) {
      const intent = this.intents.get(decodeURIComponent(match[1]));
      if (!intent) {
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${match[1]}'`,
          },
        });
      }
      return send(200, intent);
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const gate = this.refundGate;
      if (gate) {
        gate.arrive();
        await gate.open;
      }
      if (this.failingRefunds > 0) {
        this.failingRefunds--;
        return send(500, { error: { type: 'api_error', message: 'Stand-in outage' } });
      }
      // Like Stripe, a repeated idempotency key answers the first result without a new refund.
      const key = req.headers['idempotency-key'];
      const earlier = typeof key === 'string' ? this.byIdempotencyKey.get(key) : undefined;
      if (earlier) return send(200, earlier);
      const refund = {
        id: `re_${randomBytes(8).toString('hex')}`,
        payment_intent: String(form.payment_intent),
      };
      this.refunds.push(refund);
      const body = { ...refund, object: 'refund', status: 'succeeded' };
      if (typeof key === 'string') this.byIdempotencyKey.set(key, body);
      return send(200, body);
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unknown route ${path}` } });
  }
}

/** Stripe's form encoding: `metadata[eventId]=x` becomes `{ metadata: { eventId: 'x' } }`. */
function parseForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const nested = /^([^[]+)\[([^\]]+)\]$/.exec(key);
    if (nested) {
      const inner = (result[nested[1]] ??= {}) as Record<string, string>;
      inner[nested[2]] = value;
    } else {
      result[key] = value;
    }
  }
  return result;
}
