import { useTranslation } from 'react-i18next';
import { DASHBOARD_TABS, type DashboardCounts } from './tabs';

/** The counts of spec section 2, shown together once every one has arrived. */
export function StatCards({ counts, loading }: { counts: DashboardCounts; loading: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <dl className="stat-cards" aria-busy={loading}>
      {DASHBOARD_TABS.map((tab) => (
        <div key={tab} className="card stat-card">
          <dt>{t(`stats.${tab}`)}</dt>
          <dd>{loading ? '…' : counts[tab]}</dd>
        </div>
      ))}
    </dl>
  );
}
