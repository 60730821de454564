import { BuildingIcon, CalendarIcon, GraduationCapIcon, NewspaperIcon } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

// Inline SVG, not emoji: emoji fonts are missing on many systems and show as empty boxes.
const FEATURES = [
  { key: 'events', to: '/events', Icon: CalendarIcon },
  { key: 'news', to: '/news', Icon: NewspaperIcon },
  { key: 'directory', to: '/directory', Icon: BuildingIcon },
  { key: 'tutorials', to: '/tutorials', Icon: GraduationCapIcon },
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
              <feature.Icon size={32} />
            </span>
            <h3>{t(`features.${feature.key}.title`)}</h3>
            <p>{t(`features.${feature.key}.text`)}</p>
          </Link>
        ))}
      </div>
    </section>
  );
}
