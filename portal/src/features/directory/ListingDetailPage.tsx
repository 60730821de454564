import { PageFrame } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';

/** Listing detail frame; the directory feature fills it in. */
export function ListingDetailPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('nav.directory')} />;
}
