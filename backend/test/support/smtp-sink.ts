import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  raw: string;
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  private server?: SMTPServer;
  port = 0;

  async start(port = 0): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
          this.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject,
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}?ignoreTLS=true`;
  }

  /** Waits until a message to `to` arrives (mail goes through the queue, so it is not instant). */
  waitFor(to: string, timeoutMs = 10000): Promise<ReceivedMail> {
    return this.waitUntil(
      (message) => message.to.includes(to.toLowerCase()),
      `no mail to ${to} within ${timeoutMs} ms`,
      timeoutMs,
    );
  }

  /**
   * Waits for the message to `to` whose subject, as the reader sees it (decoded, so Amharic ones
   * compare too), is or starts with `subject` (registration sends two, in either order; many
   * subjects end with the item's name).
   */
  waitForSubject(to: string, subject: string, timeoutMs = 10000): Promise<ReceivedMail> {
    return this.waitUntil(
      (message) => message.to.includes(to.toLowerCase()) && subjectOf(message).startsWith(subject),
      `no mail "${subject}" to ${to} within ${timeoutMs} ms`,
      timeoutMs,
    );
  }

  private async waitUntil(
    matches: (message: ReceivedMail) => boolean,
    failure: string,
    timeoutMs: number,
  ): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = this.messages.find(matches);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(failure);
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** The subject as the reader sees it: unfolded, RFC 2047 encoded words decoded. */
export function subjectOf(mail: ReceivedMail): string {
  const headers = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
  return line
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

/** The text parts as the reader sees them (Amharic makes the mailer base64-encode the body). */
export function textOf(mail: ReceivedMail): string {
  return [...mail.raw.matchAll(/base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
    .map((part) => Buffer.from(part[1].replace(/\s/g, ''), 'base64').toString('utf8'))
    .join('\n');
}

/** The raw message with its quoted-printable text part decoded (soft line breaks joined, =XX). */
export function decodedOf(mail: ReceivedMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The token of the first link to `page` in a received email, as the member's mail client shows
 * it. The token is in the link's fragment (`/page#token=...`, never sent to a server, so in no
 * access log): a link with it in the query is not found.
 */
export function linkToken(mail: ReceivedMail, page: string): string {
  const match = new RegExp(`/${page}#token=([A-Za-z0-9_-]+)`).exec(decodedOf(mail));
  if (!match) throw new Error(`no /${page}#token= link in "${mail.subject}"`);
  return match[1];
}
