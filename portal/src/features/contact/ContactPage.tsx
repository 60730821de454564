import { PageFrame } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import './contact.css';
import { ContactDetails } from './ContactDetails';
import { ContactForm } from './ContactForm';

/** Contact (spec section 2): the site's details and the form. */
export function ContactPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('nav.contact')} subtitle={t('pages.contact.subtitle')}>
      <div className="contact-layout">
        <ContactDetails />
        <ContactForm />
      </div>
    </PageFrame>
  );
}
