import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const COURSES = ['math', 'english', 'fullstack'] as const;

export function CourseHighlights() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section home-section--muted">
      <div className="container">
        <h2 className="section-title">{t('courses.title')}</h2>
        <p className="section-subtitle">{t('courses.subtitle')}</p>
        <div className="grid">
          {COURSES.map((course) => (
            <article key={course} className="card">
              <h3>{t(`courses.${course}.title`)}</h3>
              <p>{t(`courses.${course}.text`)}</p>
            </article>
          ))}
        </div>
        <p className="button-row">
          <Link to="/tutorials" className="btn">
            {t('courses.enroll')}
          </Link>
        </p>
      </div>
    </section>
  );
}
