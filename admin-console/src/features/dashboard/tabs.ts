/** Dashboard tabs in the spec's order; Tutorials is a link to /admin/tutorials. */
export const DASHBOARD_TABS = ['events', 'users', 'news', 'directory', 'tutorials'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export type DashboardCounts = Record<DashboardTab, number>;

/** The console's own panels after the spec's: the contact inbox and the audit log. */
export const CONSOLE_TABS = ['messages', 'audit'] as const;
export type ConsoleTab = (typeof CONSOLE_TABS)[number];

/** Tabs that open a panel on the dashboard (Tutorials opens its own page). */
export type PanelTab = Exclude<DashboardTab, 'tutorials'> | ConsoleTab;
export const PANEL_TABS: PanelTab[] = [
  ...DASHBOARD_TABS.filter((tab): tab is Exclude<DashboardTab, 'tutorials'> => tab !== 'tutorials'),
  ...CONSOLE_TABS,
];
