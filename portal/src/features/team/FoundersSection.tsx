import { useTranslation } from 'react-i18next';
import { TeamList } from './TeamList';
import { useTeam } from './useTeam';

/** Home's team section: the founders from GET /team; hidden while nobody is listed as founder. */
export function FoundersSection() {
  const { t } = useTranslation('team');
  const team = useTeam();
  if (team.isSuccess && !team.data.some((member) => member.isFounder)) return null;
  return (
    <section className="home-section container" aria-labelledby="founders-title">
      <h2 id="founders-title" className="section-title">
        {t('foundersTitle')}
      </h2>
      <TeamList scope="founders" detailed={false} />
    </section>
  );
}
