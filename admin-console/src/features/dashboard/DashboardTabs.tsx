import { TabList } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PANEL_TABS, type DashboardCounts, type PanelTab } from './tabs';

interface DashboardTabsProps {
  counts: DashboardCounts;
  /** New contact messages, shown on the Messages tab. */
  unreadMessages: number;
  active: PanelTab;
  onSelect: (tab: PanelTab) => void;
}

/** A tab list with counts; arrow keys move between tabs, Tutorials opens its own page. */
export function DashboardTabs({ counts, unreadMessages, active, onSelect }: DashboardTabsProps) {
  const { t } = useTranslation(['admin', 'adminMessages', 'adminAudit']);
  const label = (tab: PanelTab) =>
    tab === 'messages'
      ? t('adminMessages:tab', { count: unreadMessages })
      : tab === 'audit'
        ? t('adminAudit:tab')
        : t(`tabs.${tab}`, { count: counts[tab] });
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
        {t('tabs.tutorials', { count: counts.tutorials })}
      </Link>
    </div>
  );
}
