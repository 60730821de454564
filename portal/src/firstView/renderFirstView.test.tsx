import { describe, expect, it } from 'vitest';
import { FIRST_IMAGE_OUTLET, firstViewPaths, pageExport, renderFirstView } from './renderFirstView';

describe('first view prerendered for the server', () => {
  it('has the home hero, the LCP element, as a guest sees it', async () => {
    const html = await renderFirstView('/');
    expect(html).toContain('<h1 class="home-hero__title">');
    expect(html).toContain('Connecting Ethiopian professionals around the world');
  });

  it('draws an event page as while its event loads, not as a missing event', async () => {
    const html = await renderFirstView('/events/:id');
    // EventDetailPage's loading state: the spinner, named for the events it waits for.
    expect(html).toMatch(/<div class="spinner" role="status"[^>]*>.*Loading events<\/span><\/div>/);
    expect(html).not.toContain('Event Not Found');
  });

  it('renders every public page it lists as the page, not the loading state of its chunk', async () => {
    for (const path of firstViewPaths) {
      const html = await renderFirstView(path);
      expect(html.length).toBeGreaterThan(100);
      // React marks a Suspense boundary left showing its fallback with <!--$!--> (or <!--$?-->).
      expect(html, path).not.toMatch(/<!--\$[!?]-->/);
    }
  });

  it("marks the first card placeholder's image box for the LCP picture on the list pages only", async () => {
    for (const [pattern, box] of [
      ['/events', 'event-card__image'],
      ['/news', 'news-card__image'],
    ]) {
      const html = await renderFirstView(pattern);
      expect(html.split(FIRST_IMAGE_OUTLET), pattern).toHaveLength(2);
      expect(html, pattern).toMatch(
        new RegExp(
          `<span class="skeleton ${box} content-card__image">${FIRST_IMAGE_OUTLET}</span>`,
        ),
      );
    }
    expect(await renderFirstView('/login')).not.toContain(FIRST_IMAGE_OUTLET);
  });

  it('names the page chunk each pattern needs, so the server can preload it', () => {
    expect(pageExport('/')).toBe('HomePage');
    expect(pageExport('/events/:id')).toBe('EventDetailPage');
    expect(pageExport('/login')).toBe('LoginPage');
  });
});
