import { PageFrame, TabList } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './tutorials-admin.css';
import { CoursesPanel } from './CoursesPanel';
import { EnrollmentsPanel } from './EnrollmentsPanel';
import { TeamPanel } from './TeamPanel';

const PANELS = { enrollments: EnrollmentsPanel, courses: CoursesPanel, team: TeamPanel };
type Panel = keyof typeof PANELS;
const TABS = Object.keys(PANELS) as Panel[];

/** /admin/tutorials: the enrollment manager, with course and team management beside it. */
export function EnrollmentManagerPage() {
  const { t } = useTranslation(['admin', 'tutorials']);
  const [active, setActive] = useState<Panel>('enrollments');
  const Active = PANELS[active];
  return (
    <PageFrame title={t('tutorials.title')} subtitle={t('tutorials.subtitle')}>
      <p>
        <Link to="/admin">{t('tutorials.back')}</Link>
      </p>
      <div className="dashboard-tabs">
        <TabList
          tabs={TABS}
          active={active}
          onSelect={setActive}
          label={t('tutorials:admin.tabsLabel')}
          idPrefix="tutorials-"
          tabLabel={(tab) => t(`tutorials:admin.tabs.${tab}`)}
        />
      </div>
      <div
        role="tabpanel"
        id={`tutorials-panel-${active}`}
        aria-labelledby={`tutorials-tab-${active}`}
        className="card"
      >
        <Active />
      </div>
    </PageFrame>
  );
}
