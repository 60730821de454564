import { setLanguage } from '@diaspora/i18n';
import { bodiesSent, json } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactPage } from './ContactPage';

vi.hoisted(() => {
  window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <AppProviders>
        <QueryClientProvider client={new QueryClient()}>
          <ContactPage />
        </QueryClientProvider>
      </AppProviders>
    </MemoryRouter>,
  );

/** Answers POST /api/contact with `body` and records what was sent. */
function answerContact(body: unknown, status = 201) {
  return bodiesSent('post', '/api/contact', () => json(body, status));
}

const ENGLISH_LABELS = {
  name: /Your name/,
  email: /Email address/,
  subject: /Subject/,
  message: /^Message/,
};

async function fillForm(user: ReturnType<typeof userEvent.setup>, labels = ENGLISH_LABELS) {
  await user.type(screen.getByLabelText(labels.name), 'Hanna Girma');
  await user.type(screen.getByLabelText(labels.email), 'hanna@example.org');
  await user.type(screen.getByLabelText(labels.subject), 'Volunteering');
  await user.type(screen.getByLabelText(labels.message), 'I would like to help.');
}

const THANK_YOU = 'Thank you for your message! We will get back to you soon.';

const SMTP_CODE = 'ESOCKET';

/** A code of the answer's emailError (the API's ContactEmailCode), not an error answer's code. */
const NO_ADMIN_CODE = 'NO_RECIPIENTS';

describe('ContactPage', () => {
  afterEach(() => setLanguage('en'));

  it('shows the contact details and checks every field before sending anything', async () => {
    const sent = answerContact({});
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('link', { name: 'info@ethiopiandiaspora.org' })).toHaveAttribute(
      'href',
      'mailto:info@ethiopiandiaspora.org',
    );
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/Your name/)).toHaveFocus();
    await user.type(screen.getByLabelText(/Email address/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the four fields and shows the thank-you with the sent status, then clears', async () => {
    const sent = answerContact({
      _id: 'c1',
      msg: THANK_YOU,
      emailSent: true,
      emailConfigured: true,
      emailError: null,
    });
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(THANK_YOU)).toBeInTheDocument();
    expect(screen.getByText(/Email status: sent/)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        name: 'Hanna Girma',
        email: 'hanna@example.org',
        subject: 'Volunteering',
        message: 'I would like to help.',
      },
    ]);
    expect(screen.getByLabelText(/Your name/)).toHaveValue('');
  });

  it('shows a failed email with its message and code', async () => {
    answerContact({
      _id: 'c2',
      msg: THANK_YOU,
      emailSent: false,
      emailConfigured: true,
      // An SMTP library's code, not one of the API's: passed through as the relay recorded it.
      emailError: { message: 'The mail server could not be reached', code: SMTP_CODE },
    });
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(/Email status: failed to send/)).toBeInTheDocument();
    expect(
      screen.getByText('Error: The mail server could not be reached (code: ESOCKET)'),
    ).toBeInTheDocument();
  });

  it('reads the API codes of an email in the language of the page', async () => {
    answerContact({
      _id: 'c4',
      msg: THANK_YOU,
      emailSent: false,
      emailConfigured: true,
      emailError: { message: 'There is no administrator account to email', code: NO_ADMIN_CODE },
    });
    await setLanguage('am');
    const user = userEvent.setup();
    renderPage();
    await fillForm(user, {
      name: /ስምዎ/,
      email: /የኢሜይል አድራሻ/,
      subject: /ርዕስ/,
      message: /^መልዕክት\s*\*?$/,
    });
    await user.click(screen.getByRole('button', { name: 'መልዕክት ላክ' }));
    expect(
      await screen.findByText('ስህተት፦ ኢሜይል የሚላክለት የአስተዳዳሪ መለያ የለም (ኮድ፦ NO_RECIPIENTS)'),
    ).toBeInTheDocument();
  });

  it('says the message was saved when email is not configured', async () => {
    answerContact({
      _id: 'c3',
      msg: THANK_YOU,
      emailSent: false,
      emailConfigured: false,
      emailError: null,
    });
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(/message saved \(email not configured\)/)).toBeInTheDocument();
  });

  it('shows the failure text and puts the server field errors on their fields', async () => {
    answerContact(
      {
        statusCode: 400,
        msg: 'Subject must be at most 200 characters',
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'subject', msg: 'Subject must be at most 200 characters' }],
      },
      400,
    );
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(
      await screen.findByText('Failed to send message. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Subject must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(/Subject/)).toHaveFocus();
    expect(screen.getByLabelText(/Your name/)).toHaveValue('Hanna Girma');
  });
});
