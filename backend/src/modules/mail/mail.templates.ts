/** The emails the platform sends: each template turns its payload into a subject and bodies. */
export interface MailTemplates {
  welcome: { name: string; siteUrl: string };
}

export type MailTemplate = keyof MailTemplates;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Paragraphs of plain text become both the text body and a simple, escaped HTML body. */
function compose(subject: string, paragraphs: string[]): RenderedMail {
  return {
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
  };
}

const renderers: { [T in MailTemplate]: (payload: MailTemplates[T]) => RenderedMail } = {
  welcome: ({ name, siteUrl }) =>
    compose('Welcome to the community', [
      `Hello ${name},`,
      'Welcome to our community of Ethiopian professionals abroad: business, events, learning.',
      `Find upcoming events, news and member businesses at ${siteUrl}.`,
    ]),
};

export function renderMail<T extends MailTemplate>(template: T, payload: MailTemplates[T]) {
  return renderers[template](payload);
}
