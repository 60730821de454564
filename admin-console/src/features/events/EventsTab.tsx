import { EmptyState } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';

/** Frame of the events tab; the events feature fills it in. */
export function EventsTab() {
  const { t } = useTranslation('admin');
  return (
    <>
      <h2>{t('events.title')}</h2>
      <EmptyState title={t('events.placeholder')} />
    </>
  );
}
