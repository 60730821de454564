import { EmptyState } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';

/** Frame of the directory tab; the directory feature fills it in. */
export function DirectoryTab() {
  const { t } = useTranslation('admin');
  return (
    <>
      <h2>{t('directory.title')}</h2>
      <EmptyState title={t('directory.placeholder')} />
    </>
  );
}
