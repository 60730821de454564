import { AppProviders } from '@diaspora/ui';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ArticleView } from './ArticleView';
import type { NewsArticle } from './useAdminNews';

vi.hoisted(() => {
  // The console on its own origin, with the API elsewhere.
  window.__APP_CONFIG__ = { apiOrigin: 'https://platform.example.org' };
});

const article = {
  _id: 'a1',
  title: 'Diaspora summit',
  content: 'Body',
  excerpt: '',
  category: 'community',
  image: '/api/files/news/a1/cover.webp',
  featured: false,
  published: true,
  author: { _id: 'u1', name: 'Admin' },
} as unknown as NewsArticle;

describe('ArticleView on the standalone console', () => {
  it("shows the image and links the public page on the API's origin", () => {
    render(
      <AppProviders>
        <ArticleView article={article} onClose={() => undefined} />
      </AppProviders>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Diaspora summit' });
    const image = dialog.querySelector('img');
    expect(image).toHaveAttribute(
      'src',
      'https://platform.example.org/api/files/news/a1/cover.webp',
    );
    expect(image).toHaveAttribute('crossorigin', 'anonymous');
    expect(screen.getByRole('link', { name: /open/i })).toHaveAttribute(
      'href',
      'https://platform.example.org/news/a1',
    );
  });
});
