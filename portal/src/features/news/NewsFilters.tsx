import { FormField } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { FILTER_CATEGORIES } from './newsText';

export interface NewsFilterValues {
  search: string;
  category: string;
  featuredOnly: boolean;
}

interface NewsFiltersProps {
  values: NewsFilterValues;
  onChange: (values: NewsFilterValues) => void;
}

/** Search box, category select and featured select of the news list. */
export function NewsFilters({ values, onChange }: NewsFiltersProps) {
  const { t } = useTranslation('news');
  return (
    <div className="news-filters" role="search">
      <FormField label={t('searchLabel')}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="search"
            value={values.search}
            placeholder={t('searchPlaceholder')}
            onChange={(event) => onChange({ ...values, search: event.target.value })}
          />
        )}
      </FormField>
      <FormField label={t('categoryLabel')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={values.category}
            onChange={(event) => onChange({ ...values, category: event.target.value })}
          >
            <option value="">{t('allCategories')}</option>
            {FILTER_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`categories.${category}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('featuredLabel')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={values.featuredOnly ? 'featured' : 'all'}
            onChange={(event) =>
              onChange({ ...values, featuredOnly: event.target.value === 'featured' })
            }
          >
            <option value="all">{t('allArticles')}</option>
            <option value="featured">{t('featuredOnly')}</option>
          </select>
        )}
      </FormField>
    </div>
  );
}
