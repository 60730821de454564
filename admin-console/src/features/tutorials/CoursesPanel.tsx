import type { Course } from '@diaspora/api-client';
import { Alert, Badge, DeleteIcon, EditIcon, EmptyState, Spinner } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../shared/AdminTable';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete';
import { useEditorPanel } from '../../shared/useEditorPanel';
import { CourseEditor } from './CourseEditor';
import { useDeleteCourse, useSaveCourse } from './useAdminCourses';
import { useAdminCourses } from './useEnrollments';

/** Course management: every course, hidden ones included, with add, edit, hide and delete. */
export function CoursesPanel() {
  const { t } = useTranslation('tutorials');
  const courses = useAdminCourses();
  const toggle = useSaveCourse();
  const remove = useConfirmedDelete(useDeleteCourse(), t('admin.courses.confirmDelete'));
  const { editing, reveal, create, edit, close } = useEditorPanel<Course>();

  return (
    <>
      <div className="tab-heading">
        <h2>{t('admin.courses.title')}</h2>
        {editing.mode === 'closed' && (
          <button type="button" className="btn" onClick={() => create()}>
            {t('admin.courses.create')}
          </button>
        )}
      </div>
      <div ref={reveal.container}>
        {editing.mode !== 'closed' && (
          <CourseEditor
            key={editing.mode === 'edit' ? editing.item.id : 'new'}
            course={editing.mode === 'edit' ? editing.item : undefined}
            onDone={close}
          />
        )}
      </div>
      {remove.failed && (
        <Alert tone="error" onDismiss={remove.clearFailure}>
          {t('admin.courses.deleteFailed')}
        </Alert>
      )}
      {toggle.isError && (
        <Alert tone="error" onDismiss={() => toggle.reset()}>
          {t('admin.courses.saveFailed')}
        </Alert>
      )}
      {courses.isPending ? (
        <Spinner />
      ) : courses.isError ? (
        <Alert tone="error">{t('admin.courses.loadFailed')}</Alert>
      ) : courses.data.length === 0 ? (
        <EmptyState title={t('admin.courses.empty')} />
      ) : (
        <AdminTable
          label={t('admin.courses.title')}
          columns={[
            t('admin.courses.columns.name'),
            t('admin.courses.columns.level'),
            t('admin.courses.columns.price'),
            t('admin.courses.columns.enrollments'),
            t('admin.courses.columns.status'),
            t('admin.columns.actions'),
          ]}
          rows={courses.data}
          rowKey={(course) => course.id}
        >
          {(course) => (
            <>
              <td>
                <strong>{course.name}</strong>
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
                <button
                  type="button"
                  className="btn btn--ghost btn--icon"
                  aria-label={t('admin.courses.edit', { name: course.name })}
                  onClick={() => edit(course)}
                >
                  <EditIcon size={18} />
                </button>
                <button
                  type="button"
                  className="btn btn--secondary"
                  disabled={toggle.isPending}
                  onClick={() =>
                    toggle.mutate({ id: course.id, course: { isActive: !course.isActive } })
                  }
                >
                  {course.isActive ? t('admin.courses.hide') : t('admin.courses.show')}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--icon"
                  aria-label={t('admin.courses.delete', { name: course.name })}
                  disabled={remove.pending}
                  onClick={() => remove.confirmDelete(course.id)}
                >
                  <DeleteIcon size={18} />
                </button>
              </td>
            </>
          )}
        </AdminTable>
      )}
    </>
  );
}
