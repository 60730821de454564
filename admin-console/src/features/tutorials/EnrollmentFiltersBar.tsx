import { ENROLLMENT_STATUSES, toEnrollmentStatus, type Course } from '@diaspora/api-client';
import { courseText, SelectField, TextField } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import type { EnrollmentFilters } from './useEnrollments';

interface EnrollmentFiltersBarProps {
  filters: EnrollmentFilters;
  courses: readonly Course[];
  onChange: (filters: EnrollmentFilters) => void;
}

export const NO_FILTERS: EnrollmentFilters = { status: '', course: '', search: '' };

/** Status and course filters, the name-or-email search and Clear Filters. */
export function EnrollmentFiltersBar({ filters, courses, onChange }: EnrollmentFiltersBarProps) {
  const { t, i18n } = useTranslation('tutorials');
  const names = new Map(
    courses.map((course) => [course.id, courseText(course, i18n.language).name]),
  );
  return (
    <div className="enrollment-filters" role="search">
      <TextField
        label={t('admin.filters.search')}
        type="search"
        placeholder={t('admin.filters.searchPlaceholder')}
        value={filters.search}
        onValueChange={(search) => onChange({ ...filters, search })}
      />
      <SelectField
        label={t('admin.filters.status')}
        value={filters.status}
        options={ENROLLMENT_STATUSES}
        optionLabel={(status) => t(`status.${status}`)}
        emptyOption={t('admin.filters.allStatuses')}
        onValueChange={(status) =>
          onChange({ ...filters, status: toEnrollmentStatus(status) ?? '' })
        }
      />
      <SelectField
        label={t('admin.filters.course')}
        value={filters.course}
        options={courses.map((course) => course.id)}
        optionLabel={(id) => names.get(id) ?? id}
        emptyOption={t('admin.filters.allCourses')}
        onValueChange={(course) => onChange({ ...filters, course })}
      />
      <button
        type="button"
        className="btn btn--secondary enrollment-filters__clear"
        onClick={() => onChange(NO_FILTERS)}
      >
        {t('admin.filters.clear')}
      </button>
    </div>
  );
}
