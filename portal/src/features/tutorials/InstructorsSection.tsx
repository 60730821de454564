import { Spinner } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { TeamMemberCard, useInstructors } from '../team';

/** Spec section 2: instructor cards show the first 3 expertise tags plus a +n more count. */
export const INSTRUCTOR_EXPERTISE_TAGS = 3;

export function InstructorsSection() {
  const { t } = useTranslation('tutorials');
  const instructors = useInstructors();
  if (instructors.isError) console.warn('instructors failed to load', instructors.error);
  return (
    <section className="tutorials-section" aria-labelledby="instructors-title">
      <h2 id="instructors-title" className="section-title">
        {t('instructors.title')}
      </h2>
      <p className="section-subtitle">{t('instructors.subtitle')}</p>
      {instructors.isPending ? (
        <Spinner />
      ) : !instructors.data?.length ? (
        <p className="tutorials-empty">{t('instructors.empty')}</p>
      ) : (
        <div className="team-grid">
          {instructors.data.map((instructor) => (
            <TeamMemberCard
              key={instructor._id}
              member={instructor}
              expertiseLimit={INSTRUCTOR_EXPERTISE_TAGS}
            />
          ))}
        </div>
      )}
    </section>
  );
}
