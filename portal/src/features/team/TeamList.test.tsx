import { setLanguage } from '@diaspora/i18n';
import { AppProviders, EmptyState } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamMember } from '@diaspora/api-client';
import { answer, json, newTeamMember } from '@diaspora/test-support';
import { FoundersSection } from './FoundersSection';
import { TeamList } from './TeamList';

vi.hoisted(() => {
  // Absolute request URLs for the API client under jsdom.
  window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
});

const TEAM = [
  newTeamMember({
    _id: 'f1',
    name: 'Dawit Bekele',
    isFounder: true,
    position: 'Founder',
    positionAmharic: 'መሥራች',
    education: [
      {
        degree: 'MSc',
        field: 'Computer Science',
        institution: 'Addis Ababa University',
        year: 2009,
        isTopUniversity: true,
      },
    ],
    socialLinks: { email: 'dawit@example.org' },
  }),
  newTeamMember({ _id: 't1', name: 'Meron Alemu', bioAmharic: null, bio: 'Web developer.' }),
];

const serve = (team: TeamMember[]) => answer.get('/api/team', () => json(team));

const renderWith = (children: ReactNode) =>
  render(
    <AppProviders>
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    </AppProviders>,
  );

afterEach(() => setLanguage('en'));

describe('team lists', () => {
  it('Home shows the founders only, under its heading', async () => {
    serve(TEAM);
    renderWith(<FoundersSection />);
    expect(await screen.findByRole('article', { name: 'Dawit Bekele' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Meet our founders' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Meron Alemu' })).not.toBeInTheDocument();
  });

  it('Home hides the section when nobody is a founder', async () => {
    serve([TEAM[1]]);
    const { container } = renderWith(<FoundersSection />);
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('About lists everyone with education and links, in Amharic where given', async () => {
    await setLanguage('am');
    serve(TEAM);
    renderWith(<TeamList />);
    const founder = await screen.findByRole('article', { name: 'Dawit Bekele' });
    expect(within(founder).getByText('መሥራች')).toBeInTheDocument();
    expect(within(founder).getByText('በደንብ ያስተምራል።')).toBeInTheDocument();
    expect(within(founder).getByText(/Addis Ababa University/)).toBeInTheDocument();
    expect(within(founder).getByText('ከፍተኛ ዩኒቨርሲቲ')).toBeInTheDocument();
    expect(within(founder).getByRole('link', { name: 'ኢሜይል' })).toHaveAttribute(
      'href',
      'mailto:dawit@example.org',
    );
    // No Amharic bio given: the English one is shown.
    const meron = screen.getByRole('article', { name: 'Meron Alemu' });
    expect(within(meron).getByText('Web developer.')).toBeInTheDocument();
  });

  it('shows the empty state when the team is empty', async () => {
    serve([]);
    renderWith(<TeamList empty={<EmptyState title="Nobody yet" />} />);
    expect(await screen.findByText('Nobody yet')).toBeInTheDocument();
  });
});
