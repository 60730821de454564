import { PageFrame } from '@diaspora/ui';
import { useRef, useState, type KeyboardEvent } from 'react';
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
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const Active = PANELS[active];
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const next = (index + delta + TABS.length) % TABS.length;
    setActive(TABS[next]);
    buttons.current[next]?.focus();
  };
  return (
    <PageFrame title={t('tutorials.title')} subtitle={t('tutorials.subtitle')}>
      <p>
        <Link to="/admin">{t('tutorials.back')}</Link>
      </p>
      <div className="dashboard-tabs">
        <div
          role="tablist"
          aria-label={t('tutorials:admin.tabsLabel')}
          className="dashboard-tabs__list"
        >
          {TABS.map((tab, index) => (
            <button
              key={tab}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`tutorials-tab-${tab}`}
              aria-selected={active === tab}
              aria-controls={`tutorials-panel-${tab}`}
              tabIndex={active === tab ? 0 : -1}
              className="dashboard-tabs__tab"
              onClick={() => setActive(tab)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {t(`tutorials:admin.tabs.${tab}`)}
            </button>
          ))}
        </div>
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
