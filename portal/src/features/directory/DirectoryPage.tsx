import { PageFrame } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';

/** Directory list frame; the directory feature fills in the member list and the guest notice. */
export function DirectoryPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('nav.directory')} subtitle={t('pages.directory.subtitle')} />;
}
