import type { Course } from '@diaspora/api-client';
import { Badge, courseText } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface CourseCardProps {
  course: Course;
  /** Members open the enrollment form; guests are sent to log in instead. */
  canEnroll: boolean;
  onEnroll: (course: Course) => void;
}

/** One course in the reader's language; its button (the whole card, tutorials.css) opens the enrollment form. */
export function CourseCard({ course, canEnroll, onEnroll }: CourseCardProps) {
  const { t, i18n } = useTranslation('tutorials');
  const text = courseText(course, i18n.language);
  return (
    <article className="card course-card" aria-labelledby={`course-${course.id}`}>
      <h3 id={`course-${course.id}`} className="course-card__title">
        {text.name}
      </h3>
      <p>{text.description}</p>
      <dl className="course-card__facts">
        <div>
          <dt>{t('courses.level')}</dt>
          <dd>{text.level}</dd>
        </div>
        <div>
          <dt>{t('courses.duration')}</dt>
          <dd>{text.duration}</dd>
        </div>
        <div>
          <dt>{t('courses.price')}</dt>
          <dd className="course-card__price">{text.price}</dd>
        </div>
      </dl>
      {text.subjects.length > 0 && (
        <ul className="course-card__subjects" aria-label={t('courses.subjects')}>
          {text.subjects.map((subject) => (
            <li key={subject}>
              <Badge>{subject}</Badge>
            </li>
          ))}
        </ul>
      )}
      <p className="course-card__count">
        {t('courses.enrolled', { count: course.enrollmentCount })}
      </p>
      {canEnroll ? (
        <button
          type="button"
          className="btn course-card__action"
          aria-label={t('courses.enrollNowIn', { course: text.name })}
          onClick={() => onEnroll(course)}
        >
          {t('courses.enroll')}
        </button>
      ) : (
        <Link to="/login" className="btn btn--secondary course-card__action">
          {t('courses.loginToEnroll')}
        </Link>
      )}
    </article>
  );
}
