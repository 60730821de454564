import type { Enrollment } from '@diaspora/api-client';
import { setLanguage } from '@diaspora/i18n';
import { answer, json, newCourse, newEnrollment, type Overrides } from '@diaspora/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInConsole } from '../../testing/renderInConsole';
import { EnrollmentsPanel } from './EnrollmentsPanel';

const enrollment = (n: number, overrides: Overrides<Enrollment> = {}) =>
  newEnrollment({
    _id: `e${n}`,
    course: n % 2 ? 'mern-fullstack' : 'computer-basics',
    courseName: 'Stored name',
    fullName: `Student ${n}`,
    email: `student${n}@example.com`,
    address: '1200 Pine Street',
    city: `City ${n}`,
    telephone: `+1 206 555 01${String(n).padStart(2, '0')}`,
    ...overrides,
  });
const COURSES = [
  newCourse({ id: 'computer-basics', name: 'Computer Basics', nameAmharic: 'የኮምፒውተር መሰረታዊ' }),
  newCourse({ id: 'mern-fullstack', name: 'Full-Stack Web Development (MERN)' }),
];

interface Served {
  lists: URLSearchParams[];
  updates: Array<{ id: string; body: unknown }>;
}

/** 12 enrollments, 10 a page; lists are answered by the filters the request carries. */
function serve(rows = Array.from({ length: 12 }, (_, index) => enrollment(12 - index))): Served {
  const served: Served = { lists: [], updates: [] };
  answer.get('/api/tutorials/courses', () => json(COURSES));
  answer.get('/api/tutorials/enrollments', ({ request }) => {
    const { searchParams } = new URL(request.url);
    served.lists.push(searchParams);
    const page = Number(searchParams.get('page') ?? 1);
    const status = searchParams.get('status');
    const matching = rows.filter((row) => !status || row.status === status);
    return json({
      enrollments: matching.slice((page - 1) * 10, page * 10),
      total: matching.length,
      page,
      totalPages: Math.ceil(matching.length / 10),
    });
  });
  answer.put('/api/tutorials/enrollments/:id/status', async ({ request, params }) => {
    const body = (await request.json()) as Record<string, unknown>;
    const id = String(params.id);
    served.updates.push({ id, body });
    return json({ ...enrollment(0), _id: id, ...body });
  });
  return served;
}

const renderPanel = () => renderInConsole(<EnrollmentsPanel />);

const lastList = (served: Served) => Object.fromEntries(served.lists[served.lists.length - 1]);

// Typing many fields is slow on a busy machine.
const TYPING_TIMEOUT = 30_000;

afterEach(async () => {
  vi.restoreAllMocks();
  await setLanguage('en');
});

describe('EnrollmentsPanel', { timeout: TYPING_TIMEOUT }, () => {
  it('shows the total, the table columns and "Showing x to y of z results" across pages', async () => {
    const served = serve();
    renderPanel();
    expect(await screen.findByText('Total: 12 enrollments')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Enrollments' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Student', 'Course', 'Contact', 'Status', 'Applied', 'Actions']);
    const first = within(table).getAllByRole('row')[1];
    expect(first).toHaveTextContent('Student 12');
    expect(first).toHaveTextContent('Computer BasicsCity 12');
    expect(first).toHaveTextContent('student12@example.com+1 206 555 0112');
    expect(first).toHaveTextContent('Pending');
    expect(first).toHaveTextContent('Mar 5, 2026');
    expect(screen.getByText('Showing 1 to 10 of 12 results')).toBeInTheDocument();
    expect(lastList(served)).toEqual({ page: '1', limit: '10' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11 to 12 of 12 results')).toBeInTheDocument();
    expect(lastList(served)).toMatchObject({ page: '2' });
  });

  it('names the courses in Amharic when the console is in Amharic', async () => {
    serve();
    await setLanguage('am');
    renderPanel();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('የኮምፒውተር መሰረታዊ');
    expect(screen.getByRole('option', { name: 'የኮምፒውተር መሰረታዊ' })).toBeInTheDocument();
  });

  it('sends the status, course and search filters, and Clear Filters drops them', async () => {
    const served = serve();
    renderPanel();
    await screen.findByText('Total: 12 enrollments');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Approved');
    await userEvent.selectOptions(
      screen.getByLabelText('Course'),
      'Full-Stack Web Development (MERN)',
    );
    await userEvent.type(screen.getByLabelText('Search'), 'abebe@');
    await waitFor(() =>
      expect(lastList(served)).toEqual({
        page: '1',
        limit: '10',
        status: 'approved',
        course: 'mern-fullstack',
        search: 'abebe@',
      }),
    );
    expect(await screen.findByText('No enrollments found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(lastList(served)).toEqual({ page: '1', limit: '10' }));
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(await screen.findByText('Total: 12 enrollments')).toBeInTheDocument();
  });

  it('approves with the quick button', async () => {
    const served = serve();
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Student 12' }));
    await waitFor(() =>
      expect(served.updates).toEqual([{ id: 'e12', body: { status: 'approved' } }]),
    );
  });

  it('rejects through the details modal, which needs a reason', async () => {
    const served = serve();
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Student 11' }));
    const dialog = screen.getByRole('dialog', { name: 'Enrollment Details' });
    const modal = within(dialog);
    expect(modal.getByLabelText('Status')).toHaveValue('rejected');
    expect(modal.getByText('student11@example.com')).toBeInTheDocument();
    await userEvent.click(modal.getByRole('button', { name: 'Update Status' }));
    const reason = modal.getByLabelText(/^Rejection Reason/);
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(/Please give a reason for the rejection$/);
    expect(served.updates).toEqual([]);
    await userEvent.type(modal.getByLabelText(/^Rejection Reason/), 'Class full');
    expect(modal.queryByText('Please give a reason for the rejection')).not.toBeInTheDocument();
    await userEvent.type(modal.getByLabelText('Admin Notes'), 'Offer next term');
    await userEvent.click(modal.getByRole('button', { name: 'Update Status' }));
    await waitFor(() =>
      expect(served.updates).toEqual([
        {
          id: 'e11',
          body: {
            status: 'rejected',
            adminNotes: 'Offer next term',
            rejectionReason: 'Class full',
          },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps Save focused in the modal while the update runs: a second press sends nothing', async () => {
    const served = serve();
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    answer.put('/api/tutorials/enrollments/:id/status', async ({ request, params }) => {
      served.updates.push({ id: String(params.id), body: await request.json() });
      await answered;
      return json(enrollment(12, { status: 'enrolled' }));
    });
    renderPanel();
    await userEvent.click(
      await screen.findByRole('button', { name: 'View details of Student 12' }),
    );
    const dialog = screen.getByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'Enrolled');
    const save = within(dialog).getByRole('button', { name: 'Update Status' });
    await userEvent.click(save);
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'true'));
    // Not disabled, which would push the focus out of the dialog.
    expect(save).toBeEnabled();
    expect(save).toHaveFocus();
    await userEvent.click(save);
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(served.updates).toEqual([{ id: 'e12', body: { status: 'enrolled', adminNotes: '' } }]);
  });

  it('shows the rejection reason only while the chosen status is rejected', async () => {
    const served = serve([
      enrollment(1, { status: 'rejected', rejectionReason: 'Full', adminNotes: 'Called' }),
    ]);
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'View details of Student 1' }));
    const modal = within(screen.getByRole('dialog'));
    expect(modal.getByLabelText(/^Rejection Reason/)).toHaveValue('Full');
    expect(modal.getByLabelText('Admin Notes')).toHaveValue('Called');
    await userEvent.selectOptions(modal.getByLabelText('Status'), 'Enrolled');
    expect(modal.queryByLabelText(/^Rejection Reason/)).not.toBeInTheDocument();
    await userEvent.click(modal.getByRole('button', { name: 'Update Status' }));
    await waitFor(() =>
      expect(served.updates).toEqual([
        { id: 'e1', body: { status: 'enrolled', adminNotes: 'Called' } },
      ]),
    );
  });
});
