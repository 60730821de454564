import { PageFrame } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';

/** News detail frame; the news feature fills it in. */
export function NewsDetailPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('nav.news')} />;
}
