import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';

/** A ticket as its code names it: the member going to the event. */
export interface TicketIdentity {
  eventId: string;
  userId: string;
}

const PREFIX = 'DT1';
const MAC_BYTES = 16;
const UUID_HEX = /^[0-9a-f]{32}$/;

/**
 * Ticket codes (ADR 0057): `DT1.<event and member ids, 32 bytes base64url>.<HMAC-SHA256, 16 bytes>`,
 * the MAC keyed with a key derived from the app's secret, so a code cannot be made or altered
 * without the server, and a door can tell a forgery from a real ticket without a database id.
 */
@Injectable()
export class TicketCodes {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = Buffer.from(
      hkdfSync('sha256', config.jwtSecret, '', 'diaspora ticket codes v1', 32),
    );
  }

  codeOf(ticket: TicketIdentity): string {
    const body = Buffer.concat([uuidBytes(ticket.eventId), uuidBytes(ticket.userId)]);
    return `${PREFIX}.${body.toString('base64url')}.${this.mac(body).toString('base64url')}`;
  }

  /** The ticket a code names, or undefined for anything the server did not sign. */
  read(code: string): TicketIdentity | undefined {
    const [prefix, bodyText, macText, ...rest] = code.trim().split('.');
    if (prefix !== PREFIX || !bodyText || !macText || rest.length) return undefined;
    const body = Buffer.from(bodyText, 'base64url');
    const mac = Buffer.from(macText, 'base64url');
    if (body.length !== 32 || mac.length !== MAC_BYTES) return undefined;
    // Only the canonical spelling: a re-encoded body with the same bytes is not another code.
    if (body.toString('base64url') !== bodyText || mac.toString('base64url') !== macText) {
      return undefined;
    }
    if (!timingSafeEqual(mac, this.mac(body))) return undefined;
    return { eventId: uuidText(body.subarray(0, 16)), userId: uuidText(body.subarray(16)) };
  }

  private mac(body: Buffer): Buffer {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, MAC_BYTES);
  }
}

function uuidBytes(id: string): Buffer {
  const hex = id.replace(/-/g, '').toLowerCase();
  if (!UUID_HEX.test(hex)) throw new Error(`not a UUID: ${id}`);
  return Buffer.from(hex, 'hex');
}

function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
