import { useTranslation } from 'react-i18next';
import { DASHBOARD_TABS, type DashboardCounts } from './tabs';

export function StatCards({ counts }: { counts: DashboardCounts }) {
  const { t } = useTranslation('admin');
  return (
    <dl className="stat-cards">
      {DASHBOARD_TABS.map((tab) => (
        <div key={tab} className="card stat-card">
          <dt>{t(`stats.${tab}`)}</dt>
          <dd>{counts[tab]}</dd>
        </div>
      ))}
    </dl>
  );
}
