import { Alert, Skeleton } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityChart } from './ActivityChart';
import './activity.css';
import { useActivity } from './useActivity';

const PERIODS = [30, 90] as const;

/** Charts of the registered series (RSVPs, registrations, and enrollments once that module adds them). */
export function ActivityCharts() {
  const { t } = useTranslation('adminActivity');
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const activity = useActivity(days);
  return (
    <section className="activity" aria-labelledby="activity-title">
      <div className="tab-heading">
        <h2 id="activity-title">{t('title')}</h2>
        <div className="activity__periods" role="group" aria-label={t('period')}>
          {PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              className={`btn ${period === days ? '' : 'btn--secondary'}`}
              aria-pressed={period === days}
              onClick={() => setDays(period)}
            >
              {t('days', { count: period })}
            </button>
          ))}
        </div>
      </div>
      {activity.isPending ? (
        <div className="activity__grid" aria-busy="true">
          <Skeleton height={220} />
          <Skeleton height={220} />
        </div>
      ) : activity.isError ? (
        <Alert tone="error">{t('loadFailed')}</Alert>
      ) : (
        <div className="activity__grid">
          {activity.data.series.map((series) => (
            <ActivityChart
              key={series.key}
              title={t(`series.${series.key}`, { defaultValue: series.key })}
              series={series}
            />
          ))}
        </div>
      )}
    </section>
  );
}
