import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardGrid } from './CardGrid';

const grid = (pending: boolean, items: string[]) => (
  <CardGrid
    className="grid"
    pending={pending}
    loadingLabel="Loading events"
    resultsLabel={`${items.length} events found`}
    Skeleton={() => <div data-testid="skeleton" />}
    items={items}
    renderItem={(item) => <p key={item}>{item}</p>}
    empty={<p>None</p>}
    page={1}
    totalPages={1}
    onPageChange={() => undefined}
  />
);

describe('CardGrid', () => {
  it('says it is loading to screen readers while the skeletons show', () => {
    render(grid(true, []));
    expect(screen.getByRole('status')).toHaveTextContent('Loading events');
    expect(screen.getAllByTestId('skeleton')).toHaveLength(6);
  });

  it('then says what was found, in the same live region, also when nothing was', () => {
    const { rerender } = render(grid(true, []));
    const status = screen.getByRole('status');
    rerender(grid(false, ['Timket', 'Meskel']));
    // The same element: a region added with its text is often not read.
    expect(screen.getByRole('status')).toBe(status);
    expect(status).toHaveTextContent('2 events found');
    expect(screen.getByText('Meskel')).toBeInTheDocument();
    rerender(grid(true, []));
    rerender(grid(false, []));
    expect(screen.getByRole('status')).toBe(status);
    expect(status).toHaveTextContent('0 events found');
    expect(screen.getByText('None')).toBeInTheDocument();
  });
});
