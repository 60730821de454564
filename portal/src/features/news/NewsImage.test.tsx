import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NewsImage } from './NewsCard';
import type { NewsArticle } from './newsText';

const withImage = (image: string | null) => ({ image }) as unknown as NewsArticle;

describe('NewsImage', () => {
  it('shows the article image', () => {
    const { container } = render(
      <NewsImage article={withImage('/api/files/news/a.jpg')} className="news-card__image" />,
    );
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/files/news/a.jpg');
  });

  it('replaces an image that fails to load with a visible "Image not available"', () => {
    const { container } = render(
      <NewsImage article={withImage('/api/files/news/a.jpg')} className="news-card__image" />,
    );
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Image not available')).toBeVisible();
  });

  it('treats a placeholder-host image as missing', () => {
    const { container } = render(
      <NewsImage article={withImage('https://via.placeholder.com/300')} className="x" />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Upload disabled - media upload service not configured')).toBeVisible();
  });
});
