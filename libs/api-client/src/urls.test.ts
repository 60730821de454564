import { afterEach, describe, expect, it } from 'vitest';
import { mediaCrossOrigin, mediaUrl, pageUrl } from './urls';

afterEach(() => {
  delete window.__APP_CONFIG__;
});

describe('mediaUrl', () => {
  it('keeps paths on the page origin when no API origin is configured', () => {
    expect(mediaUrl('/api/files/news/1/a.webp')).toBe('/api/files/news/1/a.webp');
  });

  it('resolves uploaded paths against the configured API origin', () => {
    window.__APP_CONFIG__ = { apiOrigin: 'https://platform.example.org/' };
    expect(mediaUrl('/api/files/events/2/b.webp')).toBe(
      'https://platform.example.org/api/files/events/2/b.webp',
    );
  });

  it('keeps absolute URLs, previews and empty values as they are', () => {
    window.__APP_CONFIG__ = { apiOrigin: 'https://platform.example.org' };
    expect(mediaUrl('https://images.example.com/x.jpg')).toBe('https://images.example.com/x.jpg');
    expect(mediaUrl('//cdn.example.com/x.jpg')).toBe('//cdn.example.com/x.jpg');
    expect(mediaUrl('blob:http://localhost/1234')).toBe('blob:http://localhost/1234');
    expect(mediaUrl('')).toBeUndefined();
    expect(mediaUrl(null)).toBeUndefined();
  });
});

describe('mediaCrossOrigin', () => {
  it('asks for CORS only for the API files seen from another origin', () => {
    window.__APP_CONFIG__ = { apiOrigin: 'https://platform.example.org' };
    expect(mediaCrossOrigin(mediaUrl('/api/files/events/2/b.webp'))).toBe('anonymous');
    expect(mediaCrossOrigin('https://images.example.com/x.jpg')).toBeUndefined();
    expect(mediaCrossOrigin(undefined)).toBeUndefined();
  });

  it('asks for nothing on the API origin itself', () => {
    expect(mediaCrossOrigin('/api/files/a.webp')).toBeUndefined();
    window.__APP_CONFIG__ = { apiOrigin: window.location.origin };
    expect(mediaCrossOrigin(mediaUrl('/api/files/a.webp'))).toBeUndefined();
  });
});

describe('pageUrl', () => {
  it("links to the platform's site, which shares the API's origin", () => {
    expect(pageUrl('/news/7')).toBe('/news/7');
    window.__APP_CONFIG__ = { apiOrigin: 'https://platform.example.org' };
    expect(pageUrl('/news/7')).toBe('https://platform.example.org/news/7');
  });
});
