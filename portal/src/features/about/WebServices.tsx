import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const SERVICES = ['websites', 'webApps', 'ecommerce', 'support'] as const;

/** About: the web development services the community offers, with a way to ask for one. */
export function WebServices() {
  const { t } = useTranslation('about');
  return (
    <section className="card web-services" aria-labelledby="web-services-title">
      <h2 id="web-services-title">{t('services.title')}</h2>
      <p>{t('services.text')}</p>
      <ul className="grid web-services__list">
        {SERVICES.map((service) => (
          <li key={service} className="web-services__item">
            <h3>{t(`services.items.${service}.title`)}</h3>
            <p>{t(`services.items.${service}.text`)}</p>
          </li>
        ))}
      </ul>
      <Link to="/contact" className="btn">
        {t('services.cta')}
      </Link>
    </section>
  );
}
