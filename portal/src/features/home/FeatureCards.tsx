import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const FEATURES = [
  { key: 'events', to: '/events', icon: '📅' },
  { key: 'news', to: '/news', icon: '📰' },
  { key: 'directory', to: '/directory', icon: '🏢' },
  { key: 'tutorials', to: '/tutorials', icon: '🎓' },
] as const;

export function FeatureCards() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section container">
      <h2 className="section-title">{t('features.title')}</h2>
      <div className="grid">
        {FEATURES.map((feature) => (
          <Link key={feature.key} to={feature.to} className="card feature-card">
            <span className="feature-card__icon" aria-hidden="true">
              {feature.icon}
            </span>
            <h3>{t(`features.${feature.key}.title`)}</h3>
            <p>{t(`features.${feature.key}.text`)}</p>
          </Link>
        ))}
      </div>
    </section>
  );
}
