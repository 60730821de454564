import { numberFormat, intlLocale } from '@diaspora/i18n';
import { Alert, Badge, BusyButton, Spinner } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../shared/AdminTable';
import { formatDateTime } from '../../shared/formatDate';
import { FailedEmailsPanel } from './FailedEmailsPanel';
import { useSystemState, type Replica, type SystemState } from './useSystemState';
import './system-admin.css';

const STATUS_TONE = { up: 'primary', down: 'danger', not_configured: 'neutral' } as const;

/** An outbox whose oldest email waits longer than this is worth an admin's look (as the alert rule). */
const OUTBOX_AGE_WARNING_SECONDS = 15 * 60;

/**
 * Operations at a glance for admins without Prometheus: whether the database, Redis, SMTP and
 * the object store answer, the job queue and outbox, and the replica that answered.
 */
export function SystemTab() {
  const { t, i18n } = useTranslation('adminSystem');
  const system = useSystemState();
  if (system.isPending) return <Spinner />;
  if (system.isError) return <Alert tone="error">{t('loadFailed')}</Alert>;
  const state = system.data;
  const number = (value: number) => numberFormat(intlLocale(i18n.language)).format(value);
  return (
    <>
      <div className="system__heading">
        <h2>{t('title')}</h2>
        <BusyButton
          type="button"
          className="btn btn--secondary"
          busy={system.isFetching}
          onClick={() => void system.refetch()}
        >
          {t('refresh')}
        </BusyButton>
      </div>
      <p className="system__checked">
        {t('checkedAt', { when: formatDateTime(state.checkedAt, i18n.language) })}
      </p>
      <h3 id="system-dependencies">{t('dependencies.title')}</h3>
      <AdminTable
        label={t('dependencies.title')}
        columns={[
          t('dependencies.service'),
          t('dependencies.status'),
          t('dependencies.driver'),
          t('dependencies.latency'),
        ]}
        rows={state.dependencies}
        rowKey={(dependency) => dependency.name}
      >
        {(dependency) => (
          <>
            <th scope="row">{t(`dependencies.names.${dependency.name}`)}</th>
            <td>
              <Badge tone={STATUS_TONE[dependency.status]}>
                {t(`dependencies.statuses.${dependency.status}`)}
              </Badge>
            </td>
            <td>{dependency.driver}</td>
            <td>
              {dependency.latencyMs === null
                ? t('notApplicable')
                : t('milliseconds', { value: number(dependency.latencyMs) })}
            </td>
          </>
        )}
      </AdminTable>
      <div className="system__panels">
        <QueuePanel state={state} number={number} />
        <OutboxPanel state={state} number={number} />
      </div>
      <FailedEmailsPanel number={number} />
      <ReplicaPanel state={state} number={number} />
    </>
  );
}

interface PanelProps {
  state: SystemState;
  number: (value: number) => string;
}

function QueuePanel({ state, number }: PanelProps) {
  const { t } = useTranslation('adminSystem');
  return (
    <section className="system__panel" aria-labelledby="system-queue">
      <h3 id="system-queue">{t('queue.title')}</h3>
      {state.queue ? (
        <dl>
          {(['waiting', 'active', 'delayed', 'failed'] as const).map((key) => (
            <div key={key}>
              <dt>{t(`queue.${key}`)}</dt>
              <dd>{number(state.queue?.[key] ?? 0)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <Alert tone="warning">{t('queue.unavailable')}</Alert>
      )}
    </section>
  );
}

function OutboxPanel({ state, number }: PanelProps) {
  const { t } = useTranslation('adminSystem');
  const { outbox } = state;
  const late = (outbox?.oldestAgeSeconds ?? 0) > OUTBOX_AGE_WARNING_SECONDS;
  return (
    <section className="system__panel" aria-labelledby="system-outbox">
      <h3 id="system-outbox">{t('outbox.title')}</h3>
      {outbox ? (
        <>
          <dl>
            <div>
              <dt>{t('outbox.backlog')}</dt>
              <dd>{number(outbox.backlog)}</dd>
            </div>
            <div>
              <dt>{t('outbox.oldest')}</dt>
              <dd>
                {outbox.oldestAgeSeconds === null
                  ? t('outbox.none')
                  : duration(t, outbox.oldestAgeSeconds, number)}
              </dd>
            </div>
          </dl>
          {late && <Alert tone="warning">{t('outbox.late')}</Alert>}
        </>
      ) : (
        <Alert tone="warning">{t('outbox.unavailable')}</Alert>
      )}
    </section>
  );
}

/** Every API replica and worker on this Redis (the answering one marked), as each last reported. */
function ReplicaPanel({ state, number }: PanelProps) {
  const { t, i18n } = useTranslation('adminSystem');
  const megabytes = (bytes: number) =>
    t('megabytes', { value: number(Math.round(bytes / 2 ** 20)) });
  const answering = (replica: Replica) =>
    replica.hostname === state.replica.hostname && replica.pid === state.replica.pid;
  return (
    <section className="system__replicas" aria-labelledby="system-replicas">
      <h3 id="system-replicas">{t('replica.title')}</h3>
      <p className="system__note">{t('replica.note')}</p>
      <AdminTable
        label={t('replica.title')}
        columns={[
          t('replica.host'),
          t('replica.role'),
          t('replica.version'),
          t('replica.started'),
          t('replica.memory'),
          t('replica.ready'),
        ]}
        rows={state.replicas}
        rowKey={(replica) => `${replica.hostname}:${replica.pid}:${replica.startedAt}`}
      >
        {(replica) => (
          <>
            <th scope="row">
              {replica.hostname} ({t('replica.pid', { pid: replica.pid })})
              {answering(replica) && (
                <>
                  {' '}
                  <Badge tone="accent">{t('replica.answering')}</Badge>
                </>
              )}
            </th>
            <td>{t(`replica.roles.${replica.role}`)}</td>
            <td>
              {replica.version}
              {replica.commit && ` (${replica.commit})`} ·{' '}
              {t('replica.node', { version: replica.nodeVersion })}
            </td>
            <td>
              {formatDateTime(replica.startedAt, i18n.language)} (
              {duration(t, replica.uptimeSeconds, number)})
            </td>
            <td>
              {megabytes(replica.rssBytes)} / {megabytes(replica.heapUsedBytes)}
            </td>
            <td>{replica.ready ? t('replica.readyYes') : t('replica.readyNo')}</td>
          </>
        )}
      </AdminTable>
    </section>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** "3 h 12 min", "45 s": a duration in the reader's language and digits. */
function duration(t: Translate, seconds: number, number: (value: number) => string): string {
  if (seconds < 60) return t('duration.seconds', { value: number(seconds) });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('duration.minutes', { value: number(minutes) });
  const hours = Math.floor(minutes / 60);
  if (hours < 48)
    return t('duration.hoursMinutes', { hours: number(hours), minutes: number(minutes % 60) });
  return t('duration.days', { value: number(Math.floor(hours / 24)) });
}
