import { EmptyState, PageFrame } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { WebServices } from './WebServices';
import { TeamList } from '../team';

const VALUES = ['community', 'excellence', 'integrity', 'heritage'] as const;
const FEATURES = ['events', 'directory', 'tutorials', 'news'] as const;
/** Static impact figures: spec 9's marketing figures. */
const IMPACT = [
  { key: 'businesses', value: '500+' },
  { key: 'events', value: '1000+' },
  { key: 'courses', value: '50+' },
  { key: 'users', value: '10K+' },
] as const;

export function AboutPage() {
  const { t } = useTranslation('about');
  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')}>
      <div className="grid">
        <section className="card">
          <h2>{t('mission.title')}</h2>
          <p>{t('mission.text')}</p>
        </section>
        <section className="card">
          <h2>{t('vision.title')}</h2>
          <p>{t('vision.text')}</p>
        </section>
      </div>
      <section className="home-section">
        <h2 className="section-title">{t('values.title')}</h2>
        <ul className="check-list">
          {VALUES.map((value) => (
            <li key={value}>{t(`values.${value}`)}</li>
          ))}
        </ul>
      </section>
      <section className="home-section">
        <h2 className="section-title">{t('features.title')}</h2>
        <ul className="check-list">
          {FEATURES.map((feature) => (
            <li key={feature}>{t(`features.${feature}`)}</li>
          ))}
        </ul>
      </section>
      <section className="home-section">
        <h2 className="section-title">{t('impact.title')}</h2>
        <dl className="stats-band__grid stats-band__grid--light">
          {IMPACT.map((figure) => (
            <div key={figure.key} className="stats-band__item">
              <dt>{t(`impact.${figure.key}`)}</dt>
              <dd>{figure.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="home-section">
        <h2 className="section-title">{t('team.title')}</h2>
        <TeamList empty={<EmptyState title={t('team.empty')} />} />
      </section>
      <WebServices />
    </PageFrame>
  );
}
