import { PageFrame } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DirectoryTab } from '../directory/DirectoryTab';
import { EventsTab } from '../events/EventsTab';
import { NewsTab } from '../news/NewsTab';
import { UsersTab } from '../users/UsersTab';
import { DashboardTabs } from './DashboardTabs';
import { StatCards } from './StatCards';
import { useDashboardCounts } from './useDashboardCounts';

const PANELS = { events: EventsTab, users: UsersTab, news: NewsTab, directory: DirectoryTab };

export function DashboardPage() {
  const { t } = useTranslation('admin');
  const counts = useDashboardCounts();
  const [active, setActive] = useState<keyof typeof PANELS>('events');
  const Panel = PANELS[active];
  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')}>
      <StatCards counts={counts} />
      <DashboardTabs counts={counts} active={active} onSelect={setActive} />
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
