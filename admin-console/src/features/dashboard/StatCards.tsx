import { useTranslation } from 'react-i18next';
import { DASHBOARD_TABS, LOADING_MARK, type DashboardCounts } from './tabs';

/**
 * The counts of spec section 2, shown together once every one has arrived; one that failed shows
 * a dash ("not available" to screen readers), not 0 (spec 8: the failure is only logged).
 */
export function StatCards({ counts, loading }: { counts: DashboardCounts; loading: boolean }) {
  const { t } = useTranslation('admin');
  const count = (value: number | undefined) =>
    loading ? (
      LOADING_MARK
    ) : value === undefined ? (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t('countUnavailable')}</span>
      </>
    ) : (
      value
    );
  return (
    <dl className="stat-cards" aria-busy={loading}>
      {DASHBOARD_TABS.map((tab) => (
        <div key={tab} className="card stat-card">
          <dt>{t(`stats.${tab}`)}</dt>
          <dd>{count(counts[tab])}</dd>
        </div>
      ))}
    </dl>
  );
}
