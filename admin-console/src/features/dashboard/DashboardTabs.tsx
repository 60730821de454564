import { TabList } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CONSOLE_TAB_NAMES,
  isNamedTab,
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
  const { t } = useTranslation(['admin', 'adminMessages', 'adminAudit', 'adminSystem']);
  const counted = (tab: DashboardTab) =>
    withCount(loading, counts[tab], (count) => t(`tabs.${tab}`, { count }), t(`stats.${tab}`));
  const label = (tab: PanelTab) =>
    tab === 'messages'
      ? withCount(
          unreadLoading,
          unreadMessages,
          (count) => t('adminMessages:tab', { count }),
          t('adminMessages:tabName'),
        )
      : isNamedTab(tab)
        ? t(CONSOLE_TAB_NAMES[tab])
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

/** A tab's label with its count: the loading mark while it loads, the bare name when it failed. */
function withCount(
  loading: boolean,
  value: number | undefined,
  labelled: (count: number | string) => string,
  bare: string,
): string {
  if (loading) return labelled(LOADING_MARK);
  return value === undefined ? bare : labelled(value);
}
