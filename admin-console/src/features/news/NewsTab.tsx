import { EmptyState } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';

/** Frame of the news tab; the news feature fills it in. */
export function NewsTab() {
  const { t } = useTranslation('admin');
  return (
    <>
      <h2>{t('news.title')}</h2>
      <EmptyState title={t('news.placeholder')} />
    </>
  );
}
