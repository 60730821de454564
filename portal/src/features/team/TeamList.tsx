import type { TeamMember } from '@diaspora/api-client';
import { Spinner } from '@diaspora/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './team.css';
import { TeamMemberCard } from './TeamMemberCard';
import { useTeam } from './useTeam';

interface TeamListProps {
  /** founders: the Home section's two founders; all: About's whole team (founders first). */
  scope?: 'founders' | 'all';
  /** Shown when nobody is listed; nothing by default. */
  empty?: ReactNode;
  detailed?: boolean;
}

const pick = (team: TeamMember[], scope: 'founders' | 'all') =>
  scope === 'founders' ? team.filter((member) => member.isFounder) : team;

/** Cards of the team from GET /team. A failed load is only logged (spec section 8). */
export function TeamList({ scope = 'all', empty = null, detailed = true }: TeamListProps) {
  const { t } = useTranslation('team');
  const team = useTeam();
  if (team.isPending) return <Spinner label={t('loading')} />;
  if (team.isError) {
    console.warn('team could not be loaded', team.error);
    return <>{empty}</>;
  }
  const members = pick(team.data, scope);
  if (members.length === 0) return <>{empty}</>;
  return (
    <div className="team-grid">
      {members.map((member) => (
        <TeamMemberCard key={member._id} member={member} detailed={detailed} />
      ))}
    </div>
  );
}
