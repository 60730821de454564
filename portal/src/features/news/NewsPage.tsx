import { PageFrame } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';

/** News list frame; the news feature fills in search, filters and cards. */
export function NewsPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('nav.news')} subtitle={t('pages.news.subtitle')} />;
}
