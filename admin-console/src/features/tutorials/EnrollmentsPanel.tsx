import { EnrollmentStatus, type Enrollment } from '@diaspora/api-client';
import {
  Alert,
  Badge,
  BusyButton,
  courseText,
  EmptyState,
  EyeIcon,
  Pagination,
  Spinner,
  useListFilters,
} from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../shared/AdminTable';
import { useClampedPage } from '../../shared/useClampedPage';
import { EnrollmentDetails } from './EnrollmentDetails';
import { EnrollmentFiltersBar, NO_FILTERS } from './EnrollmentFiltersBar';
import { formatDate } from '../../shared/formatDate';
import { resultRange, STATUS_TONES } from './enrollmentFormat';
import {
  ENROLLMENT_PAGE_SIZE,
  useAdminCourses,
  useEnrollments,
  useUpdateEnrollmentStatus,
} from './useEnrollments';

type Viewing = { enrollment: Enrollment; initialStatus?: EnrollmentStatus };

/** The enrollment manager (spec section 2): total, filters, table, quick decisions, paging. */
export function EnrollmentsPanel() {
  const { t, i18n } = useTranslation('tutorials');
  const { filters, changeFilters, search, page, setPage } = useListFilters(NO_FILTERS);
  const enrollments = useEnrollments({ ...filters, search }, page);
  useClampedPage(page, enrollments.data?.totalPages, setPage);
  const courses = useAdminCourses();
  const update = useUpdateEnrollmentStatus();
  const [viewing, setViewing] = useState<Viewing>();
  const courseName = (id: string, fallback: string) => {
    const course = courses.data?.find((each) => each.id === id);
    return course ? courseText(course, i18n.language).name : fallback;
  };

  const approve = (enrollment: Enrollment) =>
    update.mutate({ id: enrollment._id, update: { status: EnrollmentStatus.approved } });

  const list = enrollments.data;
  const range =
    list && resultRange(list.page, ENROLLMENT_PAGE_SIZE, list.enrollments.length, list.total);

  return (
    <>
      <div className="tab-heading">
        <h2>{t('admin.enrollmentsTitle')}</h2>
        <p className="enrollment-total" aria-live="polite">
          {t('admin.total', { count: list?.total ?? 0 })}
        </p>
      </div>
      <EnrollmentFiltersBar
        filters={filters}
        courses={courses.data ?? []}
        onChange={changeFilters}
      />
      {update.isError && (
        <Alert tone="error" onDismiss={() => update.reset()}>
          {t('admin.updateFailed')}
        </Alert>
      )}
      {enrollments.isPending ? (
        <Spinner />
      ) : enrollments.isError ? (
        <Alert tone="error">{t('admin.loadFailed')}</Alert>
      ) : list?.enrollments.length === 0 ? (
        <EmptyState title={t('admin.empty')} />
      ) : (
        <AdminTable
          label={t('admin.enrollmentsTitle')}
          columns={[
            t('admin.columns.student'),
            t('admin.columns.course'),
            t('admin.columns.contact'),
            t('admin.columns.status'),
            t('admin.columns.applied'),
            t('admin.columns.actions'),
          ]}
          rows={list?.enrollments ?? []}
          rowKey={(enrollment) => enrollment._id}
        >
          {(enrollment) => (
            <>
              <td>
                <strong>{enrollment.fullName}</strong>
              </td>
              <td>
                {courseName(enrollment.course, enrollment.courseName)}
                <br />
                <small>{enrollment.city}</small>
              </td>
              <td>
                {enrollment.email}
                <br />
                <small>{enrollment.telephone}</small>
              </td>
              <td>
                <Badge tone={STATUS_TONES[enrollment.status]}>
                  {t(`status.${enrollment.status}`)}
                </Badge>
              </td>
              <td>{formatDate(enrollment.createdAt, i18n.language)}</td>
              <td className="table__actions">
                <button
                  type="button"
                  className="btn btn--ghost btn--icon"
                  aria-label={t('admin.view', { name: enrollment.fullName })}
                  onClick={() => setViewing({ enrollment })}
                >
                  <EyeIcon size={18} />
                </button>
                <BusyButton
                  type="button"
                  className="btn btn--secondary"
                  aria-label={t('admin.approve', { name: enrollment.fullName })}
                  busy={update.isPending}
                  disabled={enrollment.status === EnrollmentStatus.approved}
                  onClick={() => approve(enrollment)}
                >
                  {t('admin.approveShort')}
                </BusyButton>
                <BusyButton
                  type="button"
                  className="btn btn--danger"
                  aria-label={t('admin.reject', { name: enrollment.fullName })}
                  busy={update.isPending}
                  disabled={enrollment.status === EnrollmentStatus.rejected}
                  onClick={() =>
                    setViewing({ enrollment, initialStatus: EnrollmentStatus.rejected })
                  }
                >
                  {t('admin.rejectShort')}
                </BusyButton>
              </td>
            </>
          )}
        </AdminTable>
      )}
      {list && range && list.total > 0 && (
        <div className="enrollment-pages">
          <p>{t('admin.showing', range)}</p>
          <Pagination page={list.page} totalPages={list.totalPages} onPageChange={setPage} />
        </div>
      )}
      {viewing && (
        <EnrollmentDetails
          key={viewing.enrollment._id}
          enrollment={viewing.enrollment}
          initialStatus={viewing.initialStatus}
          courseName={courseName(viewing.enrollment.course, viewing.enrollment.courseName)}
          onClose={() => setViewing(undefined)}
        />
      )}
    </>
  );
}
