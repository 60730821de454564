import { PageFrame } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';

/** Contact frame; the contact feature fills in the details and the form. */
export function ContactPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('nav.contact')} subtitle={t('pages.contact.subtitle')} />;
}
