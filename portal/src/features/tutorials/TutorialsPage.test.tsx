import { setLanguage } from '@diaspora/i18n';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Enrollment } from '@diaspora/api-client';
import {
  answer,
  json,
  newCourse,
  newEnrollment,
  newTeamMember,
  newUser,
  signIn as storeSession,
} from '@diaspora/test-support';
import { TutorialsPage } from './TutorialsPage';

vi.hoisted(() => {
  // Absolute request URLs for the API client under jsdom.
  window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
});

const member = newUser({ _id: 'u1', name: 'Selam Tesfaye', email: 'selam@example.com' });

const COURSES = [
  newCourse({ id: 'computer-basics', name: 'Computer Basics', nameAmharic: 'የኮምፒውተር መሠረታዊ ትምህርት' }),
  newCourse({
    id: 'mern-fullstack',
    name: 'Full-Stack Web Development (MERN)',
    price: '$450',
    priceAmharic: '450 ዶላር',
  }),
];
const INSTRUCTORS = [
  newTeamMember({
    _id: 't1',
    name: 'Meron Alemu',
    expertise: ['React', 'Node.js', 'MongoDB', 'Express', 'TypeScript'],
  }),
  newTeamMember({ _id: 't2', name: 'Samuel Girma', expertise: ['English', 'Reading'] }),
];

/** The API as the page sees it; `enroll` answers POST /tutorials/enroll (else 201). */
function serve(options: { mine?: Enrollment[]; enroll?: () => Response } = {}) {
  const posted: unknown[] = [];
  answer.get('/api/auth/me', () => json(member));
  answer.get('/api/tutorials/courses', () => json(COURSES));
  answer.get('/api/team/instructors', () => json(INSTRUCTORS));
  answer.get('/api/tutorials/my-enrollments', () => json(options.mine ?? []));
  answer.post('/api/tutorials/enroll', async ({ request }) => {
    posted.push(await request.json());
    return options.enroll?.() ?? json(newEnrollment({ _id: 'new' }), 201);
  });
  return posted;
}

const signIn = () => storeSession(member);

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/tutorials']}>
      <AppProviders>
        <QueryClientProvider client={new QueryClient()}>
          <Routes>
            <Route path="/tutorials" element={<TutorialsPage />} />
            <Route path="/login" element={<h1>Login page</h1>} />
          </Routes>
        </QueryClientProvider>
      </AppProviders>
    </MemoryRouter>,
  );

async function openForm(courseName = 'Computer Basics') {
  await userEvent.click(await screen.findByRole('button', { name: `Enroll Now in ${courseName}` }));
  return screen.getByRole('dialog', { name: `Enroll in ${courseName}` });
}

async function fillValid(dialog: HTMLElement) {
  const form = within(dialog);
  await userEvent.type(form.getByLabelText(/^Address/), '1200 Pine Street');
  await userEvent.type(form.getByLabelText(/^City/), 'Seattle');
  await userEvent.type(form.getByLabelText(/^Telephone/), '+1 206 555 0142');
}

// Typing many fields is slow on a busy machine.
const TYPING_TIMEOUT = 30_000;

afterEach(async () => {
  vi.restoreAllMocks();
  await setLanguage('en');
});

describe('TutorialsPage for guests', { timeout: TYPING_TIMEOUT }, () => {
  it('shows the hero, instructors with 3 expertise tags and +n more, courses and a log-in call', async () => {
    serve();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Tutorials', level: 1 })).toBeInTheDocument();
    const meron = await screen.findByRole('article', { name: 'Meron Alemu' });
    const tags = within(within(meron).getByRole('list', { name: 'Expertise' })).getAllByRole(
      'listitem',
    );
    expect(tags.map((tag) => tag.textContent)).toEqual(['React', 'Node.js', 'MongoDB', '+2 more']);
    const samuel = screen.getByRole('article', { name: 'Samuel Girma' });
    expect(within(samuel).queryByText(/more$/)).not.toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Computer Basics' })).toBeInTheDocument();
    expect(screen.getByText('$450')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My Enrollments' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Log in to enroll' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  it('shows course and instructor texts in Amharic when Amharic is chosen', async () => {
    await setLanguage('am');
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'የኮምፒውተር መሠረታዊ ትምህርት' })).toBeInTheDocument();
    expect(screen.getByText('450 ዶላር')).toBeInTheDocument();
    expect(await screen.findAllByText('በደንብ ያስተምራል።')).toHaveLength(2);
  });
});

describe('TutorialsPage for members', { timeout: TYPING_TIMEOUT }, () => {
  it('lists own enrollments with status and the rejection reason', async () => {
    signIn();
    serve({
      mine: [
        newEnrollment({ _id: 'e1', status: 'approved' }),
        newEnrollment({
          _id: 'e2',
          course: 'mern-fullstack',
          status: 'rejected',
          rejectionReason: 'Class full',
        }),
      ],
    });
    renderPage();
    const section = (await screen.findByRole('heading', { name: 'My Enrollments' })).closest(
      'section',
    ) as HTMLElement;
    const items = await within(section).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Computer Basics');
    expect(items[0]).toHaveTextContent('Approved');
    expect(items[0]).toHaveTextContent('Applied Mar 5, 2026');
    expect(items[1]).toHaveTextContent('Full-Stack Web Development (MERN)');
    expect(items[1]).toHaveTextContent('Reason: Class full');
  });

  it("dates own enrollments in the reader's language", async () => {
    await setLanguage('am');
    signIn();
    serve({ mine: [newEnrollment({ _id: 'e1', status: 'approved' })] });
    renderPage();
    const section = (await screen.findByRole('heading', { name: 'የእኔ ምዝገባዎች' })).closest(
      'section',
    ) as HTMLElement;
    const [item] = await within(section).findAllByRole('listitem');
    expect(item).toHaveTextContent('የተመዘገቡበት ቀን ማርች 5 2026');
  });

  it('opens a prefilled form with the price and the payment note, and submits it', async () => {
    signIn();
    const posted = serve();
    renderPage();
    const dialog = await openForm('Full-Stack Web Development (MERN)');
    const form = within(dialog);
    expect(form.getByText('Price: $450')).toBeInTheDocument();
    expect(
      form.getByText('Payment details will be sent to you after your enrollment is confirmed.'),
    ).toBeInTheDocument();
    expect(form.getByLabelText(/^Full name/)).toHaveValue('Selam Tesfaye');
    expect(form.getByLabelText(/^Email address/)).toHaveValue('selam@example.com');
    await fillValid(dialog);
    await userEvent.click(form.getByRole('button', { name: 'Submit Enrollment' }));
    expect(
      await screen.findByText('Course enrollment submitted successfully!'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted).toEqual([
      {
        course: 'mern-fullstack',
        courseName: 'Full-Stack Web Development (MERN)',
        fullName: 'Selam Tesfaye',
        email: 'selam@example.com',
        address: '1200 Pine Street',
        city: 'Seattle',
        telephone: '+1 206 555 0142',
      },
    ]);
  });

  it('shows each rule on its field before sending, and clears a field error on edit', async () => {
    signIn();
    const posted = serve();
    renderPage();
    const dialog = await openForm();
    const form = within(dialog);
    await userEvent.clear(form.getByLabelText(/^Full name/));
    await userEvent.type(form.getByLabelText(/^Full name/), 'S');
    await userEvent.clear(form.getByLabelText(/^Email address/));
    await userEvent.type(form.getByLabelText(/^Email address/), 'selam@');
    await userEvent.type(form.getByLabelText(/^Address/), 'Short st');
    await userEvent.type(form.getByLabelText(/^City/), 'S');
    await userEvent.type(form.getByLabelText(/^Telephone/), '12345');
    await userEvent.click(form.getByRole('button', { name: 'Submit Enrollment' }));
    for (const message of [
      'Full name must be at least 2 characters',
      'Please enter a valid email address',
      'Address must be at least 10 characters',
      'City must be at least 2 characters',
      'Telephone must be at least 10 characters',
    ]) {
      expect(form.getByText(message)).toBeInTheDocument();
    }
    expect(posted).toEqual([]);
    await userEvent.type(form.getByLabelText(/^Address/), 'reet 12');
    expect(form.queryByText('Address must be at least 10 characters')).not.toBeInTheDocument();
    expect(form.getByText('City must be at least 2 characters')).toBeInTheDocument();
  });

  it("puts the server's field errors on the fields", async () => {
    signIn();
    serve({
      enroll: () =>
        json(
          {
            statusCode: 400,
            msg: 'Validation failed',
            code: 'VALIDATION_FAILED',
            errors: [
              { field: 'address', msg: 'Address must be at least 10 characters' },
              { field: 'telephone', msg: 'Telephone must be at most 30 characters' },
            ],
          },
          400,
        ),
    });
    renderPage();
    const dialog = await openForm();
    await fillValid(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Enrollment' }));
    expect(
      await within(dialog).findByText('Address must be at least 10 characters'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Address/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Telephone must be at most 30 characters')).toBeInTheDocument();
  });

  it('reads a second application as such, and other failures as the generic error', async () => {
    signIn();
    let status = 409;
    serve({
      enroll: () =>
        json(
          { statusCode: status, msg: 'x', code: status === 409 ? 'ENROLLMENT_EXISTS' : 'X' },
          status,
        ),
    });
    renderPage();
    const dialog = await openForm();
    await fillValid(dialog);
    const submit = within(dialog).getByRole('button', { name: 'Submit Enrollment' });
    await userEvent.click(submit);
    expect(
      await within(dialog).findByText('You already have an open enrollment for this course.'),
    ).toBeInTheDocument();
    status = 500;
    await userEvent.click(submit);
    expect(
      await within(dialog).findByText('Error submitting enrollment. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('dialog')).toBeInTheDocument());
  });
});
