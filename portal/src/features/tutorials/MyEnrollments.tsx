import type { Course } from '@diaspora/api-client';
import { Badge, courseText, Spinner } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { formatDate, STATUS_TONES } from './enrollmentStatus';
import { useMyEnrollments } from './useTutorials';

/** The member's own applications with their status (spec: own enrollments when logged in). */
export function MyEnrollments({ courses }: { courses: readonly Course[] }) {
  const { t, i18n } = useTranslation('tutorials');
  const mine = useMyEnrollments(true);
  if (mine.isError) console.warn('own enrollments failed to load', mine.error);
  const courseName = (id: string, fallback: string) => {
    const course = courses.find((candidate) => candidate.id === id);
    return course ? courseText(course, i18n.language).name : fallback;
  };
  return (
    <section className="tutorials-section" aria-labelledby="my-enrollments-title">
      <h2 id="my-enrollments-title" className="section-title">
        {t('mine.title')}
      </h2>
      {mine.isPending ? (
        <Spinner />
      ) : !mine.data?.length ? (
        <p className="tutorials-empty">{t('mine.empty')}</p>
      ) : (
        <ul className="my-enrollments">
          {mine.data.map((enrollment) => (
            <li key={enrollment._id} className="card my-enrollments__item">
              <div>
                <h3 className="my-enrollments__course">
                  {courseName(enrollment.course, enrollment.courseName)}
                </h3>
                <p className="my-enrollments__date">
                  {t('mine.applied', { date: formatDate(enrollment.createdAt, i18n.language) })}
                </p>
                {enrollment.status === 'rejected' && enrollment.rejectionReason && (
                  <p>{t('mine.reason', { reason: enrollment.rejectionReason })}</p>
                )}
              </div>
              <Badge tone={STATUS_TONES[enrollment.status]}>
                {t(`status.${enrollment.status}`)}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
