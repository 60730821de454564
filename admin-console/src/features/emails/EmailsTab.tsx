import { Alert, Badge } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../shared/AdminTable';
import { formatDateTime } from '../../shared/formatDate';
import { PagedList } from '../../shared/PagedList';
import { useClampedPage } from '../../shared/useClampedPage';
import { useRecordedEmails, type RecordedEmail } from './useRecordedEmails';
import './emails-admin.css';

const STATUS_TONE = {
  sent: 'primary',
  queued: 'neutral',
  failed: 'danger',
  not_configured: 'accent',
} as const;

/**
 * Every email the platform recorded, sent or not: with SMTP unset (the embedded default) it is
 * where an admin finds the confirmation link a member never received. One-time links are marked.
 */
export function EmailsTab() {
  const { t, i18n } = useTranslation('adminMessages');
  const [page, setPage] = useState(1);
  const emails = useRecordedEmails(page);
  useClampedPage(page, emails.data?.totalPages, setPage);
  return (
    <>
      <h2>{t('emails.title')}</h2>
      {emails.data?.configured === false && (
        <Alert tone="warning">{t('emails.notConfigured')}</Alert>
      )}
      <PagedList
        query={emails}
        loadFailed={t('emails.loadFailed')}
        isEmpty={(data) => data.messages.length === 0}
        empty={{ title: t('emails.empty') }}
        onPageChange={setPage}
      >
        {(data) => (
          <AdminTable
            columns={[
              t('emails.when'),
              t('emails.to'),
              t('emails.subject'),
              t('emails.status'),
              t('emails.links'),
            ]}
            rows={data.messages}
            rowKey={(email) => email._id}
          >
            {(email) => (
              <>
                <td>
                  <time dateTime={email.createdAt}>
                    {formatDateTime(email.createdAt, i18n.language)}
                  </time>
                </td>
                <td className="emails__to">{email.to}</td>
                <td lang={email.language ?? undefined}>{email.subject}</td>
                <td>
                  <Badge tone={STATUS_TONE[email.status]}>
                    {t(`emails.statuses.${email.status}`)}
                  </Badge>
                </td>
                <td>
                  <EmailLinks email={email} />
                </td>
              </>
            )}
          </AdminTable>
        )}
      </PagedList>
    </>
  );
}

function EmailLinks({ email }: { email: RecordedEmail }) {
  const { t } = useTranslation('adminMessages');
  if (email.links.length === 0) return <>{t('emails.noLinks')}</>;
  return (
    <ul className="emails__links">
      {email.links.map((link, index) => (
        <li key={index}>
          {link.secret && (
            <>
              <Badge tone="danger">{t('emails.secret')}</Badge>{' '}
            </>
          )}
          <a href={link.href} className="emails__link" rel="noreferrer">
            {link.href}
          </a>
          {link.secret && <p className="emails__hint">{t('emails.secretHint')}</p>}
        </li>
      ))}
    </ul>
  );
}
