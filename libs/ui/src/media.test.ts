import { describe, expect, it } from 'vitest';
import { isPlaceholderHost } from './media';

describe('isPlaceholderHost', () => {
  it.each([
    'https://via.placeholder.com/600x400',
    'http://placeholder.com/img.png',
    'https://placehold.co/600x400?text=Event',
    'https://PLACEHOLD.CO/1',
  ])('treats %s as a placeholder', (url) => {
    expect(isPlaceholderHost(url)).toBe(true);
  });

  it.each([
    '/api/files/events/abc.jpg',
    'https://cdn.example.com/placeholder.png',
    'https://notplaceholder.com/a.jpg',
    'https://images.example.org/placehold.co.jpg',
    '',
    null,
    undefined,
  ])('does not treat %s as a placeholder', (url) => {
    expect(isPlaceholderHost(url)).toBe(false);
  });
});
