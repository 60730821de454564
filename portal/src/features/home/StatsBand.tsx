import { api, unwrap, type Stats } from '@diaspora/api-client';
import { numberFormat, intlLocale } from '@diaspora/i18n';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** Spec 9: the member figure shown when the real count cannot be read. */
export const PLACEHOLDER_MEMBERS = 1250;

const FIGURES = [
  { stat: 'businesses', key: 'stats.businesses' },
  { stat: 'upcomingEvents', key: 'stats.upcomingEvents' },
  { stat: 'members', key: 'stats.members' },
  { stat: 'enrollments', key: 'stats.enrollments' },
] as const satisfies ReadonlyArray<{ stat: keyof Stats; key: string }>;

/** Spec 8: a failed load shows zero counts, with the member count fixed. */
const FALLBACK: Stats = {
  businesses: 0,
  upcomingEvents: 0,
  members: PLACEHOLDER_MEMBERS,
  enrollments: 0,
};

/** GET /stats: public counts, so guests never call member-only routes for the home page. */
function useStats() {
  return useQuery({
    queryKey: ['stats'],
    queryFn: () => unwrap(api.GET('/api/stats')),
    retry: false,
  });
}

export function StatsBand() {
  const { t, i18n } = useTranslation('home');
  const stats = useStats();
  // Load failures are only logged (spec 8).
  if (stats.isError) console.warn('stats failed to load', stats.error);
  const figures = stats.data ?? (stats.isError ? FALLBACK : undefined);
  const number = numberFormat(intlLocale(i18n.language));
  return (
    <section className="stats-band" aria-label={t('stats.label')} aria-busy={stats.isPending}>
      <dl className="container stats-band__grid">
        {FIGURES.map((figure) => (
          <div key={figure.key} className="stats-band__item">
            <dt>{t(figure.key)}</dt>
            <dd data-testid={`stat-${figure.stat}`}>
              {figures ? number.format(figures[figure.stat]) : '–'}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
