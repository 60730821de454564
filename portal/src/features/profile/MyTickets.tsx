import { paymentsApi, type MyTicket } from '@diaspora/api-client';
import { Alert, Badge, Spinner, type BadgeTone } from '@diaspora/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
// From the module, not the feature's index: that would tie the events pages' chunks to this one.
import { formatPrice, formatShortDate } from '../events/eventFormat';
import { MY_TICKETS_KEY } from '../events/useHeldTicket';

const STATUS_TONES: Record<MyTicket['status'], BadgeTone> = {
  paid: 'primary',
  refunded: 'neutral',
  disputed: 'danger',
};

/** The member's event tickets (GET /payments/tickets): which admit, which were refunded or disputed. */
export function MyTickets() {
  const { t, i18n } = useTranslation('myTickets');
  const tickets = useQuery({ queryKey: MY_TICKETS_KEY, queryFn: paymentsApi.myTickets });
  return (
    <section className="card profile-section" aria-labelledby="my-tickets-title">
      <h2 id="my-tickets-title">{t('title')}</h2>
      {tickets.isPending ? (
        <Spinner label={t('loading')} />
      ) : tickets.isError ? (
        <Alert tone="error">{t('failed')}</Alert>
      ) : tickets.data.length === 0 ? (
        <p className="detail__empty">{t('empty')}</p>
      ) : (
        <ul className="my-tickets">
          {tickets.data.map((ticket) => (
            <li key={ticket._id} className="my-tickets__item">
              <h3 className="my-tickets__event">
                {ticket.eventTitle && ticket.eventId ? (
                  <Link to={`/events/${ticket.eventId}`}>{ticket.eventTitle}</Link>
                ) : (
                  t('deletedEvent')
                )}
              </h3>
              <dl className="details">
                <div className="detail">
                  <dt>{t('type')}</dt>
                  <dd>{t(`events:tickets.${ticket.ticketType}`)}</dd>
                </div>
                <div className="detail">
                  <dt>{t('price')}</dt>
                  <dd>{formatPrice(ticket.amount, ticket.currency, i18n.language)}</dd>
                </div>
                <div className="detail">
                  <dt>{t('date')}</dt>
                  <dd>
                    {ticket.eventDate ? formatShortDate(ticket.eventDate, i18n.language) : '—'}
                  </dd>
                </div>
                <div className="detail">
                  <dt>{t('state')}</dt>
                  <dd className="my-tickets__state">
                    <Badge tone={STATUS_TONES[ticket.status]}>{t(`status.${ticket.status}`)}</Badge>
                    {ticket.eventCancelled && <Badge tone="danger">{t('status.cancelled')}</Badge>}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
