import { answer, json, recordRequests } from '@diaspora/test-support';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInConsole } from '../../testing/renderInConsole';
import { ActivityCharts } from './ActivityCharts';

function activity(days: number) {
  const dates = Array.from({ length: days }, (_, i) =>
    new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
  );
  const series = (key: string, busy: Record<number, number>) => {
    const points = dates.map((date, i) => ({ date, count: busy[i] ?? 0 }));
    return { key, total: points.reduce((sum, p) => sum + p.count, 0), points };
  };
  return {
    from: dates[0],
    to: dates[days - 1],
    series: [
      series('rsvps', { 2: 5, 4: 1 }),
      series('registrations', { 0: 2 }),
      series('enrollments', {}),
    ],
  };
}

describe('ActivityCharts', () => {
  it('draws one labelled chart per series with its figures in a table, and switches period', async () => {
    const sent = recordRequests();
    answer.get('/api/admin/activity', ({ request }) =>
      json(activity(Number(new URL(request.url).searchParams.get('days')))),
    );
    renderInConsole(<ActivityCharts />);
    const rsvps = await screen.findByRole('figure', { name: /RSVPs/ });
    expect(
      within(rsvps).getByRole('img', {
        name: 'RSVPs: 6 in the last 30 days, at most 5 on Jan 3.',
      }),
    ).toBeInTheDocument();
    expect(rsvps.querySelectorAll('rect')).toHaveLength(30);
    const rows = within(rsvps).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['DayCount', 'Jan 35', 'Jan 51']);
    // A series added by another module is drawn too, named in the reader's language.
    expect(screen.getByRole('figure', { name: /Enrollments/ })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: /Registrations/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '90 days' }));
    expect(
      await screen.findByRole('img', { name: /RSVPs: 6 in the last 90 days/ }),
    ).toBeInTheDocument();
    expect(sent).toEqual(['GET /api/admin/activity?days=30', 'GET /api/admin/activity?days=90']);
    expect(screen.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  });
});
