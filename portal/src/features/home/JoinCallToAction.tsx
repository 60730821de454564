import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function JoinCallToAction() {
  const { t } = useTranslation('home');
  return (
    <section className="home-cta">
      <div className="container">
        <h2>{t('cta.title')}</h2>
        <p>{t('cta.text')}</p>
        <div className="button-row button-row--center">
          <Link to="/register" className="btn btn--accent">
            {t('cta.join')}
          </Link>
          <Link to="/about" className="btn btn--secondary">
            {t('cta.about')}
          </Link>
        </div>
      </div>
    </section>
  );
}
