import { ContactMessageStatus, oneOf } from '@diaspora/api-client';
import { Alert, Badge, BusyButton, mailtoHref } from '@diaspora/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../shared/PagedList';
import { useClampedPage } from '../../shared/useClampedPage';
import { useFocusRecovery } from '../../shared/useFocusRecovery';
import './messages-admin.css';
import { useContactMessages, useSetMessageStatus, type ContactMessage } from './useContactMessages';
import { formatDateTime } from '../../shared/formatDate';

const STATUSES = Object.values(ContactMessageStatus);
const STATUS_TONE = { new: 'accent', read: 'neutral', handled: 'primary' } as const;
const EMAIL_TONE = {
  sent: 'primary',
  queued: 'neutral',
  failed: 'danger',
  not_configured: 'neutral',
} as const;

/** The contact form's inbox: every message, stored whether or not its email went out. */
export function MessagesTab() {
  const { t } = useTranslation('adminMessages');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ContactMessageStatus | ''>('');
  const messages = useContactMessages(page, status || undefined);
  useClampedPage(page, messages.data?.totalPages, setPage);
  const setMessageStatus = useSetMessageStatus();
  // Marking a message replaces its button (and may move it out of a filtered list).
  const list = useRef<HTMLUListElement>(null);
  useFocusRecovery(list);

  return (
    <>
      <div className="tab-heading">
        <h2>{t('title')}</h2>
        <div className="messages-filter">
          <label htmlFor="messages-status" className="field__label">
            {t('filter')}
          </label>
          <select
            id="messages-status"
            className="input"
            value={status}
            onChange={(event) => {
              setStatus(oneOf(ContactMessageStatus, event.target.value) ?? '');
              setPage(1);
            }}
          >
            <option value="">{t('all')}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`statuses.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {setMessageStatus.isError && (
        <Alert tone="error" onDismiss={() => setMessageStatus.reset()}>
          {t('updateFailed')}
        </Alert>
      )}
      <PagedList
        query={messages}
        loadFailed={t('loadFailed')}
        isEmpty={(data) => data.messages.length === 0}
        empty={{ title: t('empty') }}
        onPageChange={setPage}
      >
        {(data) => (
          <ul ref={list} className="messages-list">
            {data.messages.map((message) => (
              <MessageItem
                key={message._id}
                message={message}
                busy={setMessageStatus.isPending}
                onStatus={(next) => setMessageStatus.mutate({ id: message._id, status: next })}
              />
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

interface MessageItemProps {
  message: ContactMessage;
  busy: boolean;
  onStatus: (status: ContactMessageStatus) => void;
}

function MessageItem({ message, busy, onStatus }: MessageItemProps) {
  const { t, i18n } = useTranslation('adminMessages');
  return (
    <li className={`card message message--${message.status}`}>
      <details
        onToggle={(event) => {
          // Opening a new message marks it read, as a mail client does.
          if (event.currentTarget.open && message.status === ContactMessageStatus.new) {
            onStatus(ContactMessageStatus.read);
          }
        }}
      >
        <summary className="message__summary">
          <span id={`message-${message._id}`} className="message__subject">
            {message.subject}
          </span>
          <span className="message__from">
            {message.name} &lt;{message.email}&gt;
          </span>
          <time dateTime={message.createdAt}>
            {formatDateTime(message.createdAt, i18n.language)}
          </time>
          <Badge tone={STATUS_TONE[message.status]}>{t(`statuses.${message.status}`)}</Badge>
          {message.emailStatus && (
            <Badge tone={EMAIL_TONE[message.emailStatus]}>
              {t(`emailStatuses.${message.emailStatus}`)}
            </Badge>
          )}
        </summary>
        <p className="message__body">{message.message}</p>
        <div className="button-row">
          {/* Named with its message too ("Reply by email Venue question"). */}
          <a
            id={`message-${message._id}-reply`}
            aria-labelledby={`message-${message._id}-reply message-${message._id}`}
            className="btn btn--secondary"
            href={mailtoHref(message.email, { subject: `Re: ${message.subject}` })}
          >
            {t('reply')}
          </a>
          {/* Each named with its message ("Mark as read Venue question"): the inbox holds many. */}
          {STATUSES.filter((value) => value !== message.status).map((value) => (
            <BusyButton
              key={value}
              type="button"
              id={`message-${message._id}-${value}`}
              aria-labelledby={`message-${message._id}-${value} message-${message._id}`}
              className="btn btn--secondary"
              busy={busy}
              onClick={() => onStatus(value)}
            >
              {t(`mark.${value}`)}
            </BusyButton>
          ))}
        </div>
      </details>
    </li>
  );
}
