import { Country, EVENT_CATEGORIES } from '@diaspora/api-client';
import { CheckboxField, countryText } from '@diaspora/ui';
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
      <FilterSelect
        label={t('filters.category')}
        value={values.category}
        onValueChange={(category) => set({ category })}
        allLabel={t('filters.allCategories')}
        options={EVENT_CATEGORIES}
        optionLabel={(category) => t(`categories.${category}`)}
      />
      <FilterSelect
        label={t('filters.country')}
        value={values.country}
        onValueChange={(country) => set({ country })}
        allLabel={t('filters.allCountries')}
        options={Object.values(Country)}
        optionLabel={(country) => countryText(country, t)}
      />
      <CheckboxField
        className="event-filters__check"
        label={t('filters.upcomingOnly')}
        checked={values.upcomingOnly}
        onCheckedChange={(upcomingOnly) => set({ upcomingOnly })}
      />
      {/* The filters apply as they change; a form still has its submit button (WCAG H32). */}
      <button type="submit" className="btn btn--secondary event-filters__apply">
        {t('filters.apply')}
      </button>
    </form>
  );
}

/** A select whose label is read by screen readers only (the toolbar is compact); '' is All. */
function FilterSelect<Value extends string>({
  label,
  value,
  onValueChange,
  allLabel,
  options,
  optionLabel,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  allLabel: string;
  options: readonly Value[];
  optionLabel: (option: Value) => string;
}) {
  return (
    <label className="field">
      <span className="visually-hidden">{label}</span>
      <select className="input" value={value} onChange={(e) => onValueChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </label>
  );
}
