import { intlLocale } from '@diaspora/i18n';
import { useTranslation } from 'react-i18next';

/** Static marketing figures of spec section 9 (500+, 1000+, 50+, 10K+ in English). */
const FIGURES = [
  { value: 500, key: 'stats.businesses' },
  { value: 1000, key: 'stats.events' },
  { value: 50, key: 'stats.courses' },
  { value: 10000, key: 'stats.users', compact: true },
] as const;

/** The figure in the reader's language: 10K+ in English, 10 ሺ+ in Amharic. */
const figureText = (figure: (typeof FIGURES)[number], language: string) =>
  `${new Intl.NumberFormat(intlLocale(language), {
    notation: 'compact' in figure ? 'compact' : 'standard',
    useGrouping: false,
  }).format(figure.value)}+`;

export function StatsBand() {
  const { t, i18n } = useTranslation('home');
  return (
    <section className="stats-band" aria-label={t('stats.label')}>
      <dl className="container stats-band__grid">
        {FIGURES.map((figure) => (
          <div key={figure.key} className="stats-band__item">
            <dt>{t(figure.key)}</dt>
            <dd>{figureText(figure, i18n.language)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
