import { PageFrame } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';

/** Events list frame; the events feature fills in filters, cards and pagination. */
export function EventsPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('nav.events')} subtitle={t('pages.events.subtitle')} />;
}
