import { PageFrame } from '@diaspora/ui';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuditLogTab } from '../audit/AuditLogTab';
import { DirectoryTab } from '../directory/DirectoryTab';
import { EmailsTab } from '../emails/EmailsTab';
import { SystemTab } from '../system/SystemTab';
import { EventsTab } from '../events/EventsTab';
import { MessagesTab } from '../messages/MessagesTab';
import { NewsTab } from '../news/NewsTab';
import { UsersTab } from '../users/UsersTab';
import { ActivityCharts } from './ActivityCharts';
import { DashboardTabs } from './DashboardTabs';
import { StatCards } from './StatCards';
import type { PanelTab } from './tabs';
import { useDashboardCounts } from './useDashboardCounts';

const PANELS: Record<PanelTab, ComponentType> = {
  events: EventsTab,
  users: UsersTab,
  news: NewsTab,
  directory: DirectoryTab,
  messages: MessagesTab,
  emails: EmailsTab,
  audit: AuditLogTab,
  system: SystemTab,
};

export function DashboardPage() {
  const { t } = useTranslation('admin');
  const { counts, loading, unreadMessages, unreadLoading } = useDashboardCounts();
  const [active, setActive] = useState<PanelTab>('events');
  const Panel = PANELS[active];
  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')}>
      <p className="dashboard__door">
        <Link to="/admin/check-in">{t('checkIn:title')}</Link>
      </p>
      <StatCards counts={counts} loading={loading} />
      <ActivityCharts />
      <DashboardTabs
        counts={counts}
        loading={loading}
        unreadMessages={unreadMessages}
        unreadLoading={unreadLoading}
        active={active}
        onSelect={setActive}
      />
      <div
        role="tabpanel"
        id={`panel-${active}`}
        aria-labelledby={`tab-${active}`}
        className="card"
      >
        <Panel />
      </div>
    </PageFrame>
  );
}
