/** Dashboard tabs in the spec's order; Tutorials is a link to /admin/tutorials. */
export const DASHBOARD_TABS = ['events', 'users', 'news', 'directory', 'tutorials'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
/** Each tab's count; undefined when it could not be loaded (never a made-up 0). */
export type DashboardCounts = Record<DashboardTab, number | undefined>;

/** What the stat cards and the tabs show for a count still loading. */
export const LOADING_MARK = '…';

/** The console's own panels after the spec's: the contact inbox, recorded emails, the audit log, System. */
export const CONSOLE_TABS = ['messages', 'emails', 'audit', 'system'] as const;
export type ConsoleTab = (typeof CONSOLE_TABS)[number];

/** Each console tab's name (namespace:key), but the inbox's, which carries its unread count. */
export const CONSOLE_TAB_NAMES: Record<Exclude<ConsoleTab, 'messages'>, string> = {
  emails: 'adminMessages:emails.tab',
  audit: 'adminAudit:tab',
  system: 'adminSystem:tab',
};
export const isNamedTab = (tab: string): tab is keyof typeof CONSOLE_TAB_NAMES =>
  tab in CONSOLE_TAB_NAMES;

/** Tabs that open a panel on the dashboard (Tutorials opens its own page). */
export type PanelTab = Exclude<DashboardTab, 'tutorials'> | ConsoleTab;
export const PANEL_TABS: PanelTab[] = [
  ...DASHBOARD_TABS.filter((tab): tab is Exclude<DashboardTab, 'tutorials'> => tab !== 'tutorials'),
  ...CONSOLE_TABS,
];
