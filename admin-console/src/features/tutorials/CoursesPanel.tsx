import type { Course } from '@diaspora/api-client';
import { Alert, Badge, BusyButton } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { DeleteAction, EditableList, EditAction, listTexts } from '../../shared/EditableList';
import { CourseEditor } from './CourseEditor';
import { useDeleteCourse, useSaveCourse } from './useAdminCourses';
import { useAdminCourses } from './useEnrollments';

/** Course management: every course, hidden ones included, with add, edit, hide and delete. */
export function CoursesPanel() {
  const { t } = useTranslation('tutorials');
  const removeCourse = useDeleteCourse();
  const courses = useAdminCourses();
  const toggle = useSaveCourse();

  return (
    <EditableList
      texts={listTexts(t, 'admin.courses')}
      status={courses}
      rows={courses.data}
      rowKey={(course) => course.id}
      remove={removeCourse}
      editor={(course, close) => <CourseEditor course={course} close={close} />}
      alerts={
        toggle.isError && (
          <Alert tone="error" onDismiss={() => toggle.reset()}>
            {t('admin.courses.saveFailed')}
          </Alert>
        )
      }
      label={t('admin.courses.title')}
      columns={[
        t('admin.courses.columns.name'),
        t('admin.courses.columns.level'),
        t('admin.courses.columns.price'),
        t('admin.courses.columns.enrollments'),
        t('admin.courses.columns.status'),
        t('admin.columns.actions'),
      ]}
    >
      {(course: Course, actions) => (
        <>
          <td>
            <strong id={`admin-course-${course.id}`}>{course.name}</strong>
            <br />
            <small lang="am">{course.nameAmharic}</small>
          </td>
          <td>{course.level}</td>
          <td>{course.price}</td>
          <td>{course.enrollmentCount}</td>
          <td>
            <Badge tone={course.isActive ? 'primary' : 'neutral'}>
              {course.isActive ? t('admin.courses.offered') : t('admin.courses.hidden')}
            </Badge>
          </td>
          <td className="table__actions">
            <EditAction label={t('admin.courses.edit', { name: course.name })} actions={actions} />
            {/* Named with its course ("Hide Computer Basics"): every row has one. */}
            <BusyButton
              type="button"
              id={`admin-course-${course.id}-toggle`}
              aria-labelledby={`admin-course-${course.id}-toggle admin-course-${course.id}`}
              className="btn btn--secondary"
              busy={toggle.isPending}
              onClick={() =>
                toggle.mutate({ id: course.id, course: { isActive: !course.isActive } })
              }
            >
              {course.isActive ? t('admin.courses.hide') : t('admin.courses.show')}
            </BusyButton>
            <DeleteAction
              label={t('admin.courses.delete', { name: course.name })}
              actions={actions}
            />
          </td>
        </>
      )}
    </EditableList>
  );
}
