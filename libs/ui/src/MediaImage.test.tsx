import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Gallery } from './Gallery';
import { MediaImage } from './MediaImage';

afterEach(() => {
  delete window.__APP_CONFIG__;
});

describe('MediaImage on another origin than the API', () => {
  it("loads uploaded files from the API's origin in CORS mode", () => {
    window.__APP_CONFIG__ = { apiOrigin: 'https://platform.example.org' };
    render(<MediaImage src="/api/files/news/1/photo.webp" alt="Photo" />);
    const image = screen.getByRole('img', { name: 'Photo' });
    expect(image).toHaveAttribute(
      'src',
      'https://platform.example.org/api/files/news/1/photo.webp',
    );
    expect(image).toHaveAttribute('crossorigin', 'anonymous');
  });

  it("leaves other hosts' pictures as plain images", () => {
    window.__APP_CONFIG__ = { apiOrigin: 'https://platform.example.org' };
    render(<MediaImage src="https://images.example.com/x.jpg" alt="Elsewhere" />);
    const image = screen.getByRole('img', { name: 'Elsewhere' });
    expect(image).toHaveAttribute('src', 'https://images.example.com/x.jpg');
    expect(image).not.toHaveAttribute('crossorigin');
  });

  it('keeps same-origin paths when no API origin is configured', () => {
    render(<MediaImage src="/api/files/news/1/photo.webp" alt="Photo" />);
    expect(screen.getByRole('img', { name: 'Photo' })).toHaveAttribute(
      'src',
      '/api/files/news/1/photo.webp',
    );
  });

  it("resolves the gallery's thumbnails the same way", () => {
    window.__APP_CONFIG__ = { apiOrigin: 'https://platform.example.org' };
    render(<Gallery images={[{ url: '/api/files/events/2/a.webp', caption: 'Hall' }]} />);
    expect(screen.getByRole('img', { name: 'Hall' })).toHaveAttribute(
      'src',
      'https://platform.example.org/api/files/events/2/a.webp',
    );
  });
});
