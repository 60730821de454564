import type { TeamMember } from '@diaspora/api-client';
import { answer, json, newTeamMember } from '@diaspora/test-support';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInConsole } from '../../testing/renderInConsole';
import { TeamPanel } from './TeamPanel';

const SAVED = newTeamMember({
  _id: 't1',
  name: 'Meron Alemu',
  position: 'Instructor',
  positionAmharic: null,
  bio: 'Web developer.',
  bioAmharic: null,
  languages: [],
});

type Write = { method: string; path: string; body: unknown };

/** GET /team answers `team`; every write is recorded and answered by `reply` (else the saved member). */
function serve(
  reply: (write: Write) => Response | undefined = () => undefined,
  team: TeamMember[] = [],
) {
  const writes: Write[] = [];
  answer.get('/api/team', () => json(team));
  const record = async ({ request }: { request: Request }) => {
    const form = request.headers.get('content-type')?.startsWith('multipart/form-data');
    // The raw multipart text: Node 24's FormData parser refuses jsdom's File objects.
    const body: unknown = form ? await request.text() : await request.json();
    const write = { method: request.method, path: new URL(request.url).pathname, body };
    writes.push(write);
    return reply(write) ?? json(SAVED, request.method === 'POST' ? 201 : 200);
  };
  for (const path of ['/api/team', '/api/team/*']) {
    answer.post(path, record);
    answer.put(path, record);
    answer.delete(path, record);
  }
  return writes;
}

const renderPanel = () => renderInConsole(<TeamPanel />);

async function fillRequired() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Team Member' }));
  await fill(screen.getByLabelText(/^Name/), 'Meron Alemu');
  await fill(screen.getByLabelText(/^Position \(English\)/), 'Instructor');
  await fill(screen.getByLabelText(/^Bio \(English\)/), 'Web developer.');
  await fill(screen.getByLabelText(/^Bio \(Amharic\)/), 'የድር አልሚ።');
}

// Typing many fields is slow on a busy machine.
const TYPING_TIMEOUT = 30_000;

/** Types a whole value at once (one input event), which keeps long forms quick to fill. */
async function fill(input: HTMLElement, value: string) {
  await userEvent.click(input);
  await userEvent.paste(value);
}

afterEach(() => vi.restoreAllMocks());

describe('TeamPanel', { timeout: TYPING_TIMEOUT }, () => {
  it('creates a member with lists, education and links, then uploads the photo', async () => {
    const writes = serve();
    renderPanel();
    await fillRequired();
    await fill(screen.getByLabelText(/^Expertise/), 'React, Node.js,');
    await userEvent.click(screen.getByRole('button', { name: 'Add education' }));
    await fill(screen.getByLabelText(/^Degree/), 'BSc');
    await fill(screen.getByLabelText(/^Field of study/), 'Software');
    await fill(screen.getByLabelText(/^Institution/), 'UCL');
    await fill(screen.getByLabelText(/^Year/), '2015');
    await userEvent.click(screen.getByLabelText('Top university'));
    await fill(screen.getByLabelText('LinkedIn'), 'https://www.linkedin.com/in/meron');
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'meron.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Photo'), photo);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/team',
      body: {
        name: 'Meron Alemu',
        position: 'Instructor',
        positionAmharic: '',
        bio: 'Web developer.',
        bioAmharic: 'የድር አልሚ።',
        socialLinks: { linkedin: 'https://www.linkedin.com/in/meron', email: '', website: '' },
        expertise: ['React', 'Node.js'],
        languages: [],
        sortOrder: 0,
        isFounder: false,
        isInstructor: true,
        education: [
          {
            degree: 'BSc',
            field: 'Software',
            institution: 'UCL',
            year: 2015,
            isTopUniversity: true,
          },
        ],
      },
    });
    expect(writes[1]).toMatchObject({ method: 'PUT', path: '/api/team/t1/photo' });
    // A multipart body whose photo part is the chosen image (undici drops a jsdom File's name and bytes).
    expect(writes[1].body).toMatch(/name="photo"; filename="[^"]+"\r\nContent-Type: image\/png/);
    // The photo went up with the member: only then does the tab say it was saved.
    expect(await screen.findByText('Team member saved.')).toBeInTheDocument();
  });

  it('names each education Remove with its place', async () => {
    serve();
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Team Member' }));
    const add = screen.getByRole('button', { name: 'Add education' });
    await userEvent.click(add);
    await userEvent.click(add);
    expect(screen.getByRole('button', { name: 'Remove education 1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove education 2' }));
    expect(screen.getAllByRole('button', { name: /^Remove education/ })).toHaveLength(1);
    // The focus moves to the entry left, then, with none left, to Add education.
    expect(screen.getByRole('button', { name: 'Remove education 1' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Remove education 1' }));
    expect(add).toHaveFocus();
  });

  it("shows a member's current photo from the API's origin, in CORS mode on another origin", async () => {
    // The standalone console: the API answers on another origin than the page's.
    window.__APP_CONFIG__ = { apiOrigin: 'http://api.example.org' };
    try {
      serve(undefined, [{ ...SAVED, profileImage: '/api/files/team/meron.webp' }]);
      renderPanel();
      await userEvent.click(await screen.findByRole('button', { name: 'Edit Meron Alemu' }));
      const photo = screen.getByRole('img', { name: 'Current photo of Meron Alemu' });
      expect(photo).toHaveAttribute('src', 'http://api.example.org/api/files/team/meron.webp');
      expect(photo).toHaveAttribute('crossorigin', 'anonymous');
    } finally {
      window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
    }
  });

  it('shows no photo for a member without one', async () => {
    serve(undefined, [SAVED]);
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Meron Alemu' }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Meron Alemu');
    expect(screen.queryByRole('img', { name: /Current photo/ })).not.toBeInTheDocument();
  });

  it('requires name, position and bio, and focuses nested server errors on their field', async () => {
    const writes = serve(() =>
      json(
        {
          statusCode: 400,
          msg: 'bad',
          errors: [{ field: 'education.0.year', msg: 'Year must be 1900 or later' }],
        },
        400,
      ),
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Team Member' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription('This field is required');
    expect(writes).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Add education' }));
    await fill(screen.getByLabelText(/^Year/), '1800');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Year must be 1900 or later')).toBeInTheDocument();
    const year = screen.getByLabelText(/^Year/);
    await waitFor(() => expect(year).toHaveFocus());
    expect(year).toHaveAttribute('aria-invalid', 'true');
    expect(year).toHaveAccessibleDescription('Year must be 1900 or later');
  });

  it('sends the version it loaded; on EDIT_CONFLICT it says so and keeps what was typed', async () => {
    const member = { ...SAVED, updatedAt: '2026-03-06T08:30:00.456Z' };
    const writes = serve(
      () => json({ statusCode: 409, msg: 'changed', code: 'EDIT_CONFLICT' }, 409),
      [member],
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Meron Alemu' }));
    const name = screen.getByLabelText(/^Name/);
    await userEvent.clear(name);
    await fill(name, 'Meron A.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'This item was changed by someone else while you were editing. Reload it to see their changes, then save again.',
      ),
    ).toBeInTheDocument();
    expect(writes[0]).toMatchObject({
      method: 'PUT',
      path: '/api/team/t1',
      body: { name: 'Meron A.', updatedAt: '2026-03-06T08:30:00.456Z' },
    });
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Meron A.');
  });
});
