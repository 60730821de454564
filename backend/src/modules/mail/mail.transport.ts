import { createTransport, Transporter } from 'nodemailer';

/** nodemailer on SMTP_URL; `undefined` when email is not configured. */
export function createMailTransport(smtpUrl: string | undefined): Transporter | undefined {
  if (!smtpUrl) return undefined;
  const url = new URL(smtpUrl);
  // Plain smtp:// to a local relay must not insist on STARTTLS (tests, dev mail catchers).
  const ignoreTLS = url.searchParams.get('ignoreTLS') === 'true';
  url.searchParams.delete('ignoreTLS');
  return createTransport(url.toString(), { ignoreTLS } as never);
}
