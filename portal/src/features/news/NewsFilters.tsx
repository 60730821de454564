import { SelectField, TextField } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { FILTER_CATEGORIES } from './newsText';

export interface NewsFilterValues {
  search: string;
  category: string;
  featuredOnly: boolean;
}

const FEATURED_OPTIONS = ['all', 'featured'] as const;

interface NewsFiltersProps {
  values: NewsFilterValues;
  onChange: (values: NewsFilterValues) => void;
}

/** Search box, category select and featured select of the news list. */
export function NewsFilters({ values, onChange }: NewsFiltersProps) {
  const { t } = useTranslation('news');
  return (
    <div className="news-filters" role="search">
      <TextField
        label={t('searchLabel')}
        type="search"
        value={values.search}
        placeholder={t('searchPlaceholder')}
        onValueChange={(search) => onChange({ ...values, search })}
      />
      <SelectField
        label={t('categoryLabel')}
        value={values.category}
        onValueChange={(category) => onChange({ ...values, category })}
        emptyOption={t('allCategories')}
        options={FILTER_CATEGORIES}
        optionLabel={(category) => t(`categories.${category}`)}
      />
      <SelectField
        label={t('featuredLabel')}
        value={values.featuredOnly ? 'featured' : 'all'}
        onValueChange={(shown) => onChange({ ...values, featuredOnly: shown === 'featured' })}
        options={FEATURED_OPTIONS}
        optionLabel={(shown) => (shown === 'featured' ? t('featuredOnly') : t('allArticles'))}
      />
    </div>
  );
}
