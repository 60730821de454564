import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventImage } from './EventImage';

describe('EventImage', () => {
  it('shows the image while it loads', () => {
    render(<EventImage url="/api/files/a.jpg" className="event-card__image" alt="Gala" />);
    expect(screen.getByRole('img', { name: 'Gala' })).toHaveAttribute('src', '/api/files/a.jpg');
  });

  it('hides an image that fails to load behind a visible "Image not available"', () => {
    render(<EventImage url="/api/files/a.jpg" className="event-card__image" alt="Gala" />);
    fireEvent.error(screen.getByRole('img', { name: 'Gala' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Image not available')).toBeVisible();
  });

  it('says uploads are disabled for a placeholder-host image', () => {
    render(<EventImage url="https://placehold.co/600x400" className="event-hero__image" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Upload disabled - media upload service not configured')).toBeVisible();
  });
});
