/** Stable codes of the stats endpoint's errors (values equal names). */
export enum StatsErrorCode {
  STATS_UNAVAILABLE = 'STATS_UNAVAILABLE',
}
