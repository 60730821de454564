import { Country, EVENT_CATEGORIES } from '@diaspora/api-client';
import { useTranslation } from 'react-i18next';

export interface EventFilterValues {
  search: string;
  category: string;
  country: string;
  upcomingOnly: boolean;
}

interface EventsFiltersProps {
  values: EventFilterValues;
  onChange: (values: EventFilterValues) => void;
}

/** Search text, category, country and the upcoming-only checkbox. */
export function EventsFilters({ values, onChange }: EventsFiltersProps) {
  const { t } = useTranslation('events');
  const set = (patch: Partial<EventFilterValues>) => onChange({ ...values, ...patch });
  return (
    <form
      className="event-filters"
      role="search"
      aria-label={t('filters.label')}
      onSubmit={(e) => e.preventDefault()}
    >
      <label className="field">
        <span className="visually-hidden">{t('filters.search')}</span>
        <input
          className="input"
          type="search"
          placeholder={t('filters.searchPlaceholder')}
          value={values.search}
          onChange={(e) => set({ search: e.target.value })}
        />
      </label>
      <label className="field">
        <span className="visually-hidden">{t('filters.category')}</span>
        <select
          className="input"
          value={values.category}
          onChange={(e) => set({ category: e.target.value })}
        >
          <option value="">{t('filters.allCategories')}</option>
          {EVENT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`categories.${category}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="visually-hidden">{t('filters.country')}</span>
        <select
          className="input"
          value={values.country}
          onChange={(e) => set({ country: e.target.value })}
        >
          <option value="">{t('filters.allCountries')}</option>
          {Object.values(Country).map((country) => (
            <option key={country} value={country}>
              {t(`auth:countries.${country}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="event-filters__check">
        <input
          type="checkbox"
          checked={values.upcomingOnly}
          onChange={(e) => set({ upcomingOnly: e.target.checked })}
        />
        {t('filters.upcomingOnly')}
      </label>
    </form>
  );
}
