import { describe, expect, it } from 'vitest';
import { firstViewPaths, renderFirstView } from './renderFirstView';

describe('first view prerendered for the server', () => {
  it('has the home hero, the LCP element, as a guest sees it', () => {
    const html = renderFirstView('/');
    expect(html).toContain('<h1 class="home-hero__title">');
    expect(html).toContain('Connecting Ethiopian professionals around the world');
  });

  it('draws an event page as while its event loads, not as a missing event', () => {
    const html = renderFirstView('/events/:id');
    expect(html).not.toContain('Event Not Found');
  });

  it('renders every public page it lists', () => {
    for (const path of firstViewPaths) {
      expect(renderFirstView(path).length).toBeGreaterThan(100);
    }
  });
});
