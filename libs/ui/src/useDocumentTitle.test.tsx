import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './AppProviders';
import { PageFrame } from './PageFrame';

describe('the tab title', () => {
  it('names the page while it is shown, and the site alone once it goes', () => {
    const page = render(
      <AppProviders>
        <PageFrame title="Events">body</PageFrame>
      </AppProviders>,
    );
    expect(document.title).toBe('Events · Ethiopian Diaspora Network');
    page.unmount();
    expect(document.title).toBe('Ethiopian Diaspora Network');
  });
});
