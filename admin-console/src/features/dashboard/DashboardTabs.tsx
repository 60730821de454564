import { useRef, type KeyboardEvent } from 'react';
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
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const next = (index + delta + PANEL_TABS.length) % PANEL_TABS.length;
    onSelect(PANEL_TABS[next]);
    buttons.current[next]?.focus();
  };
  const label = (tab: PanelTab) =>
    tab === 'messages'
      ? t('adminMessages:tab', { count: unreadMessages })
      : tab === 'audit'
        ? t('adminAudit:tab')
        : t(`tabs.${tab}`, { count: counts[tab] });
  return (
    <div className="dashboard-tabs">
      <div role="tablist" aria-label={t('tabsLabel')} className="dashboard-tabs__list">
        {PANEL_TABS.map((tab, index) => (
          <button
            key={tab}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${tab}`}
            aria-selected={active === tab}
            aria-controls={`panel-${tab}`}
            tabIndex={active === tab ? 0 : -1}
            className="dashboard-tabs__tab"
            onClick={() => onSelect(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {label(tab)}
          </button>
        ))}
      </div>
      <Link to="/admin/tutorials" className="dashboard-tabs__tab">
        {t('tabs.tutorials', { count: counts.tutorials })}
      </Link>
    </div>
  );
}
