import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A value carried by the browser between two requests, encrypted and authenticated (AES-256-GCM)
 * with a key derived from the server's secret: any API replica can open it, nobody can read or
 * forge it, and it expires on its own (ADR 0051).
 */
export class SealedCookie<T extends object> {
  private readonly key: Buffer;

  constructor(
    secret: string,
    /** Part of the key: a value sealed for one purpose cannot be opened as another. */
    purpose: string,
    private readonly maxAgeSeconds: number,
  ) {
    this.key = createHash('sha256').update(`${purpose}\0${secret}`).digest();
  }

  seal(value: T, now = Date.now()): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const plain = JSON.stringify({ v: value, e: now + this.maxAgeSeconds * 1000 });
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The value, or undefined when the text was not sealed here, was altered, or has expired. */
  open(text: string | undefined, now = Date.now()): T | undefined {
    if (!text) return undefined;
    try {
      const raw = Buffer.from(text, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
      const { v, e } = JSON.parse(plain.toString('utf8')) as { v: T; e: number };
      return e > now ? v : undefined;
    } catch {
      return undefined;
    }
  }
}

/** One cookie's value from a Cookie header. */
export function cookieValue(header: unknown, name: string): string | undefined {
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
