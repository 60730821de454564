import { answer, json, newCourse } from '@diaspora/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInConsole } from '../../testing/renderInConsole';
import { CoursesPanel } from './CoursesPanel';

const COURSE = newCourse({
  name: 'Computer Basics',
  nameAmharic: 'የኮምፒውተር መሠረታዊ ትምህርት',
  description: 'Files and email.',
  descriptionAmharic: 'ፋይሎች እና ኢሜይል።',
  subjects: ['Email'],
  subjectsAmharic: ['ኢሜይል'],
  enrollmentCount: 4,
  sortOrder: 6,
});

type Write = { method: string; path: string; body: unknown };

/** GET /tutorials/courses answers the one course; every write is recorded and answered by `reply`. */
function serve(reply: (write: Write) => Response = () => json(COURSE)) {
  const writes: Write[] = [];
  answer.get('/api/tutorials/courses', () => json([COURSE]));
  const record = async ({ request }: { request: Request }) => {
    const write = {
      method: request.method,
      path: new URL(request.url).pathname,
      body: await request.json(),
    };
    writes.push(write);
    return reply(write);
  };
  for (const path of ['/api/tutorials/courses', '/api/tutorials/courses/*']) {
    answer.post(path, record);
    answer.put(path, record);
    answer.delete(path, record);
  }
  return writes;
}

const renderPanel = () => renderInConsole(<CoursesPanel />);

// Typing many fields is slow on a busy machine.
const TYPING_TIMEOUT = 30_000;

/** Types a whole value at once (one input event), which keeps long forms quick to fill. */
async function fill(input: HTMLElement, value: string) {
  await userEvent.click(input);
  await userEvent.paste(value);
}

afterEach(() => vi.restoreAllMocks());

describe('CoursesPanel', { timeout: TYPING_TIMEOUT }, () => {
  it('lists courses and hides one with isActive false only', async () => {
    const writes = serve();
    renderPanel();
    const row = (await screen.findByText('Computer Basics')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Offered');
    expect(row).toHaveTextContent('4');
    // Named with its course: every row has one.
    await userEvent.click(within(row).getByRole('button', { name: 'Hide Computer Basics' }));
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'PUT',
          path: '/api/tutorials/courses/computer-basics',
          body: { isActive: false },
        },
      ]),
    );
  });

  it('keeps Hide and Delete focused and busy while their call runs: a second press sends nothing', async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writes = serve(() => json(COURSE));
    // Each write is recorded at once; its answer waits for its release().
    answer.put('/api/tutorials/courses/*', async ({ request }) => {
      writes.push({
        method: 'PUT',
        path: new URL(request.url).pathname,
        body: await request.json(),
      });
      await answered;
      return json(COURSE);
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderPanel();

    const hide = await screen.findByRole('button', { name: 'Hide Computer Basics' });
    await user.click(hide);
    await waitFor(() => expect(hide).toHaveAttribute('aria-disabled', 'true'));
    expect(hide).toBeEnabled();
    expect(hide).toHaveFocus();
    await user.click(hide);
    expect(writes).toHaveLength(1);
    release();
    await waitFor(() => expect(hide).toHaveAttribute('aria-disabled', 'false'));

    const remove = screen.getByRole('button', { name: 'Delete Computer Basics' });
    let releaseDelete = () => {};
    const deleted = new Promise<void>((resolve) => {
      releaseDelete = resolve;
    });
    answer.delete('/api/tutorials/courses/*', async ({ request }) => {
      writes.push({ method: 'DELETE', path: new URL(request.url).pathname, body: null });
      await deleted;
      return json(COURSE);
    });
    await user.click(remove);
    await waitFor(() => expect(remove).toHaveAttribute('aria-disabled', 'true'));
    expect(remove).toBeEnabled();
    expect(remove).toHaveFocus();
    await user.click(remove);
    expect(confirm).toHaveBeenCalledTimes(1);
    releaseDelete();
    await waitFor(() => expect(remove).toHaveAttribute('aria-disabled', 'false'));
    expect(writes.map((write) => `${write.method} ${write.path}`)).toEqual([
      'PUT /api/tutorials/courses/computer-basics',
      'DELETE /api/tutorials/courses/computer-basics',
    ]);
  });

  it('gives the focus back to the button that opened the editor on Cancel and Save', async () => {
    serve();
    const user = userEvent.setup();
    renderPanel();
    const edit = await screen.findByRole('button', { name: 'Edit Computer Basics' });
    await user.click(edit);
    await waitFor(() => expect(screen.getByLabelText(/^Name \(English\)/)).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
    // Cancelling saved nothing, so nothing is said.
    expect(screen.queryByText('Course saved.')).not.toBeInTheDocument();

    await user.click(edit);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
    expect(edit).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Course saved.');

    // Add Course is hidden while the editor is open and drawn anew on closing: that one.
    await user.click(screen.getByRole('button', { name: 'Add Course' }));
    // Opening the editor again clears the last save's message.
    expect(screen.queryByText('Course saved.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Add Course' })).toHaveFocus();
  });

  it('checks both languages before sending, then creates the course', async () => {
    const writes = serve(() => json(COURSE, 201));
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Course' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(11);
    const id = screen.getByLabelText(/^Course id/);
    expect(id).toHaveFocus();
    expect(id).toHaveAttribute('aria-invalid', 'true');
    expect(id).toHaveAccessibleDescription(/This field is required$/);
    expect(writes).toEqual([]);
    const values: Record<string, string> = {
      'Course id': 'chess-basics',
      'Name (English)': 'Chess',
      'Name (Amharic)': 'ቼዝ',
      'Description (English)': 'Openings',
      'Description (Amharic)': 'መክፈቻዎች',
      'Duration (English)': '4 weeks',
      'Duration (Amharic)': '4 ሳምንታት',
      'Level (English)': 'Beginner',
      'Level (Amharic)': 'ጀማሪ',
      'Price (English)': '$40',
      'Price (Amharic)': '40 ዶላር',
      'Subjects (English)': 'Openings, Tactics, ',
    };
    for (const [label, value] of Object.entries(values)) {
      await fill(screen.getByLabelText(new RegExp(`^${label.replace(/[()$]/g, '\\$&')}`)), value);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/tutorials/courses',
      body: {
        id: 'chess-basics',
        name: 'Chess',
        nameAmharic: 'ቼዝ',
        description: 'Openings',
        descriptionAmharic: 'መክፈቻዎች',
        duration: '4 weeks',
        durationAmharic: '4 ሳምንታት',
        level: 'Beginner',
        levelAmharic: 'ጀማሪ',
        price: '$40',
        priceAmharic: '40 ዶላር',
        subjects: ['Openings', 'Tactics'],
        subjectsAmharic: [],
        sortOrder: 0,
        isActive: true,
      },
    });
  });

  it("shows and focuses the server's field error; edits without the list-only fields", async () => {
    const writes = serve(() =>
      json(
        {
          statusCode: 400,
          msg: 'bad',
          errors: [{ field: 'price', msg: 'Price must be at most 100 characters' }],
        },
        400,
      ),
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Computer Basics' }));
    expect(screen.queryByLabelText(/^Course id/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Price must be at most 100 characters')).toBeInTheDocument();
    const price = screen.getByLabelText(/^Price \(English\)/);
    await waitFor(() => expect(price).toHaveFocus());
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription('Price must be at most 100 characters');
    const { id: _id, enrollmentCount: _count, ...editable } = COURSE;
    expect(writes).toEqual([
      { method: 'PUT', path: '/api/tutorials/courses/computer-basics', body: editable },
    ]);
  });

  it('sends the version it loaded; on EDIT_CONFLICT it says so and keeps what was typed', async () => {
    const writes = serve(() =>
      json({ statusCode: 409, msg: 'changed', code: 'EDIT_CONFLICT' }, 409),
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Computer Basics' }));
    const name = screen.getByLabelText(/^Name \(English\)/);
    await userEvent.clear(name);
    await fill(name, 'Computer Basics 2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'This item was changed by someone else while you were editing. Reload it to see their changes, then save again.',
      ),
    ).toBeInTheDocument();
    expect(writes[0].body).toMatchObject({
      name: 'Computer Basics 2',
      updatedAt: COURSE.updatedAt,
    });
    expect(screen.getByLabelText(/^Name \(English\)/)).toHaveValue('Computer Basics 2');
  });
});
