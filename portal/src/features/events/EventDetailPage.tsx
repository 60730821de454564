import { PageFrame } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';

/** Event detail frame; the events feature fills it in. */
export function EventDetailPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('nav.events')} />;
}
