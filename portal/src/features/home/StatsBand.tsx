import { useTranslation } from 'react-i18next';

/** Static marketing figures of spec section 9. */
const FIGURES = [
  { value: '500+', key: 'stats.businesses' },
  { value: '1000+', key: 'stats.events' },
  { value: '50+', key: 'stats.courses' },
  { value: '10K+', key: 'stats.users' },
] as const;

export function StatsBand() {
  const { t } = useTranslation('home');
  return (
    <section className="stats-band" aria-label={t('stats.label')}>
      <dl className="container stats-band__grid">
        {FIGURES.map((figure) => (
          <div key={figure.key} className="stats-band__item">
            <dt>{t(figure.key)}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
