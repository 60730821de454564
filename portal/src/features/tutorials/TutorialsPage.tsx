import type { Course } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import { Alert, PageFrame, Spinner } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CourseCard } from './CourseCard';
import { EnrollmentDialog } from './EnrollmentDialog';
import { InstructorsSection } from './InstructorsSection';
import { MyEnrollments } from './MyEnrollments';
import './tutorials.css';
import { TutorialsCallToAction } from './TutorialsCallToAction';
import { useCourses } from './useTutorials';

/** Tutorials (spec section 2): hero, instructors, own enrollments, courses, call to action. */
export function TutorialsPage() {
  const { t } = useTranslation('tutorials');
  const { user } = useSession();
  const courses = useCourses();
  const [selected, setSelected] = useState<Course>();
  const [enrolled, setEnrolled] = useState(false);
  if (courses.isError) console.warn('courses failed to load', courses.error);

  const open = (course: Course) => {
    setEnrolled(false);
    setSelected(course);
  };

  return (
    <PageFrame title={t('hero.title')} subtitle={t('hero.subtitle')}>
      <InstructorsSection />
      {user && <MyEnrollments courses={courses.data ?? []} />}
      <section className="tutorials-section" aria-labelledby="courses-title">
        <h2 id="courses-title" className="section-title">
          {t('courses.title')}
        </h2>
        <p className="section-subtitle">{t('courses.subtitle')}</p>
        {/* Next to the cards, where the member just clicked. */}
        {enrolled && (
          <Alert tone="success" onDismiss={() => setEnrolled(false)}>
            {t('form.success')}
          </Alert>
        )}
        {courses.isPending ? (
          <Spinner />
        ) : !courses.data?.length ? (
          <p className="tutorials-empty">{t('courses.empty')}</p>
        ) : (
          <div className="course-grid">
            {courses.data.map((course) => (
              <CourseCard
                key={course.id}
                course={course}
                canEnroll={Boolean(user)}
                onEnroll={open}
              />
            ))}
          </div>
        )}
      </section>
      <TutorialsCallToAction />
      <EnrollmentDialog
        course={selected}
        onClose={() => setSelected(undefined)}
        onEnrolled={() => {
          setSelected(undefined);
          setEnrolled(true);
        }}
      />
    </PageFrame>
  );
}
