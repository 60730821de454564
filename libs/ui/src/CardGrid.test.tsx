import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardGrid } from './CardGrid';

describe('CardGrid', () => {
  it('says it is loading to screen readers while the skeletons show', () => {
    render(
      <CardGrid
        className="grid"
        pending
        loadingLabel="Loading events"
        Skeleton={() => <div data-testid="skeleton" />}
        items={[]}
        renderItem={() => null}
        empty={<p>None</p>}
        page={1}
        totalPages={1}
        onPageChange={() => undefined}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading events');
    expect(screen.getAllByTestId('skeleton')).toHaveLength(6);
  });
});
