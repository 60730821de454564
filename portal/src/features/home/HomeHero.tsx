import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function HomeHero() {
  const { t } = useTranslation('home');
  return (
    <section className="home-hero">
      <div className="container">
        <p className="home-hero__tagline">{t('common:tagline')}</p>
        <h1 className="home-hero__title">{t('hero.title')}</h1>
        <p className="home-hero__subtitle">{t('hero.subtitle')}</p>
        <div className="button-row">
          <Link to="/join" className="btn btn--accent">
            {t('hero.join')}
          </Link>
          <Link to="/tutorials" className="btn btn--secondary">
            {t('hero.learn')}
          </Link>
        </div>
      </div>
    </section>
  );
}
