import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../shared/formatDate';
import type { ActivitySeries } from './useActivity';

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 28;

const SHORT: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };

/**
 * One series as daily bars in plain SVG: the picture is one labelled image (its summary in
 * words), and the exact figures sit in a table under a disclosure for screen readers and anyone.
 */
export function ActivityChart({ title, series }: { title: string; series: ActivitySeries }) {
  const { t, i18n } = useTranslation('adminActivity');
  const shortDate = (day: string) => formatDay(day, i18n.language, SHORT);
  const titleId = useId();
  const { points } = series;
  const max = Math.max(1, ...points.map((point) => point.count));
  const busiest = points.reduce(
    (best, point) => (point.count > best.count ? point : best),
    points[0],
  );
  const slot = (WIDTH - AXIS) / Math.max(points.length, 1);
  const barWidth = Math.max(1, slot * 0.7);
  const summary = t('summary', {
    title,
    total: series.total,
    days: points.length,
    max: busiest?.count ?? 0,
    date: busiest ? shortDate(busiest.date) : '',
  });
  return (
    <figure className="card activity-chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="activity-chart__title">
        {title} <span className="activity-chart__total">{series.total}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`}
        role="img"
        aria-label={summary}
        className="activity-chart__svg"
      >
        <line x1={AXIS} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="activity-chart__axis" />
        <text x={AXIS - 4} y={10} textAnchor="end" className="activity-chart__label">
          {max}
        </text>
        <text x={AXIS - 4} y={HEIGHT} textAnchor="end" className="activity-chart__label">
          0
        </text>
        {points.map((point, index) => {
          const height = (point.count / max) * (HEIGHT - 12);
          return (
            <rect
              key={point.date}
              x={AXIS + index * slot + (slot - barWidth) / 2}
              y={HEIGHT - height}
              width={barWidth}
              height={height}
              className="activity-chart__bar"
            >
              <title>{`${shortDate(point.date)}: ${point.count}`}</title>
            </rect>
          );
        })}
        {points.length > 0 && (
          <>
            <text x={AXIS} y={HEIGHT + 16} className="activity-chart__label">
              {shortDate(points[0].date)}
            </text>
            <text x={WIDTH} y={HEIGHT + 16} textAnchor="end" className="activity-chart__label">
              {shortDate(points[points.length - 1].date)}
            </text>
          </>
        )}
      </svg>
      <details className="activity-chart__data">
        <summary>{t('showData')}</summary>
        <table className="table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('date')}</th>
              <th scope="col">{t('count')}</th>
            </tr>
          </thead>
          <tbody>
            {points
              .filter((point) => point.count > 0)
              .map((point) => (
                <tr key={point.date}>
                  <td>{shortDate(point.date)}</td>
                  <td>{point.count}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
