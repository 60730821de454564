/** Dashboard tabs in the spec's order; Tutorials is a link to /admin/tutorials. */
export const DASHBOARD_TABS = ['events', 'users', 'news', 'directory', 'tutorials'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export type DashboardCounts = Record<DashboardTab, number>;
