import { useTranslation } from 'react-i18next';

/** The site's contact details (the same as the footer's). */
export function ContactDetails() {
  const { t } = useTranslation(['contact', 'common']);
  const email = t('common:footer.email');
  const phone = t('common:footer.phone');
  return (
    <section className="card contact-details" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title">{t('details.title')}</h2>
      <p>{t('details.text')}</p>
      <dl className="contact-details__list">
        <dt>{t('details.email')}</dt>
        <dd>
          <a href={`mailto:${email}`}>{email}</a>
        </dd>
        <dt>{t('details.phone')}</dt>
        <dd>
          <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
        </dd>
        <dt>{t('details.address')}</dt>
        <dd>{t('common:footer.address')}</dd>
        <dt>{t('details.hours')}</dt>
        <dd>{t('details.hoursText')}</dd>
      </dl>
    </section>
  );
}
