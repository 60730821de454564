import { TabList } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  LOADING_MARK,
  PANEL_TABS,
  type DashboardCounts,
  type DashboardTab,
  type PanelTab,
} from './tabs';

interface DashboardTabsProps {
  counts: DashboardCounts;
  /** The counts are still loading (shown together, as the stat cards show them). */
  loading: boolean;
  /** New contact messages, shown on the Messages tab; undefined when not loaded. */
  unreadMessages: number | undefined;
  unreadLoading: boolean;
  active: PanelTab;
  onSelect: (tab: PanelTab) => void;
}

/**
 * A tab list with counts; arrow keys move between tabs, Tutorials opens its own page. A count
 * still loading shows the stat cards' mark ("Events (…)"); one that failed is left out ("Events"),
 * never shown as 0.
 */
export function DashboardTabs(props: DashboardTabsProps) {
  const { counts, loading, unreadMessages, unreadLoading, active, onSelect } = props;
  const { t } = useTranslation(['admin', 'adminMessages', 'adminAudit']);
  const counted = (tab: DashboardTab) =>
    loading
      ? t(`tabs.${tab}`, { count: LOADING_MARK })
      : counts[tab] === undefined
        ? t(`stats.${tab}`)
        : t(`tabs.${tab}`, { count: counts[tab] });
  const label = (tab: PanelTab) =>
    tab === 'messages'
      ? unreadLoading
        ? t('adminMessages:tab', { count: LOADING_MARK })
        : unreadMessages === undefined
          ? t('adminMessages:tabName')
          : t('adminMessages:tab', { count: unreadMessages })
      : tab === 'audit'
        ? t('adminAudit:tab')
        : counted(tab);
  return (
    <div className="dashboard-tabs">
      <TabList
        tabs={PANEL_TABS}
        active={active}
        onSelect={onSelect}
        label={t('tabsLabel')}
        tabLabel={label}
      />
      <Link to="/admin/tutorials" className="dashboard-tabs__tab">
        {counted('tutorials')}
      </Link>
    </div>
  );
}
