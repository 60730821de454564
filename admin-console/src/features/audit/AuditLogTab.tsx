import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../shared/AdminTable';
import { PagedList } from '../../shared/PagedList';
import { useClampedPage } from '../../shared/useClampedPage';
import { useAuditLog, type AuditEntry } from './useAuditLog';
import { formatDateTime } from '../../shared/formatDate';

/** The audit log: who did what to whom, newest first. */
export function AuditLogTab() {
  const { t, i18n } = useTranslation('adminAudit');
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  useClampedPage(page, log.data?.totalPages, setPage);
  return (
    <>
      <h2>{t('title')}</h2>
      <PagedList
        query={log}
        loadFailed={t('loadFailed')}
        isEmpty={(data) => data.entries.length === 0}
        empty={{ title: t('empty') }}
        onPageChange={setPage}
      >
        {(data) => (
          <AdminTable
            columns={[t('when'), t('admin'), t('action'), t('target'), t('details')]}
            rows={data.entries}
            rowKey={(entry) => entry._id}
          >
            {(entry) => (
              <>
                <td>
                  <time dateTime={entry.createdAt}>
                    {formatDateTime(entry.createdAt, i18n.language)}
                  </time>
                </td>
                <td>{entry.actor.name}</td>
                <td>{t(`actions.${entry.action}`)}</td>
                <td>{entry.targetLabel}</td>
                <td>{describeDetails(entry, t)}</td>
              </>
            )}
          </AdminTable>
        )}
      </PagedList>
    </>
  );
}

/** `from → to` changes in words (roles and message states are translated). */
function describeDetails(entry: AuditEntry, t: (key: string) => string): string {
  const { from, to } = entry.details;
  if (from === undefined || to === undefined) return '';
  const word = (value: string) => t(`values.${value}`);
  return `${word(from)} → ${word(to)}`;
}
