import { apiErrorText, BusyButton } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../shared/AdminTable';
import { formatDateTime } from '../../shared/formatDate';
import { PagedList } from '../../shared/PagedList';
import { useClampedPage } from '../../shared/useClampedPage';
import { useFailedEmails, useRetryEmail, type FailedEmail } from './useFailedEmails';

/** The emails whose last attempt failed, each with a Retry that puts it back in the outbox. */
export function FailedEmailsPanel({ number }: { number: (value: number) => string }) {
  const { t, i18n } = useTranslation('adminSystem');
  const [page, setPage] = useState(1);
  const emails = useFailedEmails(page);
  const retry = useRetryEmail();
  useClampedPage(page, emails.data?.totalPages, setPage);
  // The retried row leaves the list: the answer is said here, outside the table, for readers.
  const outcome = retry.isSuccess
    ? t('failedEmails.retried', { to: retry.variables.to })
    : retry.isError
      ? apiErrorText(retry.error, t, t('failedEmails.retryFailed'))
      : '';
  return (
    <section className="system__failed" aria-labelledby="system-failed-emails">
      <h3 id="system-failed-emails">{t('failedEmails.title')}</h3>
      <p className="system__note">{t('failedEmails.note')}</p>
      <p role="status" aria-live="polite" className="system__outcome">
        {outcome}
      </p>
      <PagedList
        query={emails}
        loadFailed={t('failedEmails.loadFailed')}
        isEmpty={(data) => data.emails.length === 0}
        empty={{ title: t('failedEmails.none') }}
        onPageChange={setPage}
      >
        {(data) => (
          <AdminTable
            label={t('failedEmails.title')}
            columns={[
              t('failedEmails.recipient'),
              t('failedEmails.email'),
              t('failedEmails.error'),
              t('failedEmails.attempts'),
              t('failedEmails.written'),
              t('failedEmails.action'),
            ]}
            rows={data.emails}
            rowKey={(email) => email._id}
          >
            {(email: FailedEmail) => (
              <>
                <th scope="row">{email.to}</th>
                <td>
                  {email.subject} <span className="system__note">({email.template})</span>
                </td>
                <td>
                  {email.error ?? t('failedEmails.noError')}
                  {email.errorCode && ` (${email.errorCode})`}
                </td>
                <td>{number(email.attempts)}</td>
                <td>
                  <time dateTime={email.createdAt}>
                    {formatDateTime(email.createdAt, i18n.language)}
                  </time>
                </td>
                <td>
                  <BusyButton
                    type="button"
                    className="btn btn--secondary"
                    aria-label={t('failedEmails.retryLabel', {
                      to: email.to,
                      subject: email.subject,
                    })}
                    busy={retry.isPending && retry.variables._id === email._id}
                    onClick={() => retry.mutate(email)}
                  >
                    {t('failedEmails.retry')}
                  </BusyButton>
                </td>
              </>
            )}
          </AdminTable>
        )}
      </PagedList>
    </section>
  );
}
