import type { EntryTicket } from '@diaspora/api-client';
import { dateFormat, intlLocale } from '@diaspora/i18n';
import { useSession } from '@diaspora/session';
import { Alert, Badge, Spinner } from '@diaspora/ui';
// Not from the index: its chunk is on a guest's first page (bench/first-page-js.mjs).
import { useKeptOffline } from '@diaspora/ui/src/offline/useKeptOffline';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
// From the module, not the feature's index: that would tie the events pages' chunks to this one.
import { formatVenueTime } from '../events/eventFormat';
import { loadEntryTickets } from './entryTicketsStore';
import './entryTickets.css';

/** The API answers the profile's tickets draw, kept by the service worker to open offline. */
const TICKET_ANSWERS = ['/api/tickets', '/api/payments/tickets'];

/** The event's day on the venue's calendar, in the reader's language. */
function venueDay(ticket: EntryTicket, language: string): string {
  return dateFormat(intlLocale(language), {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: ticket.timeZone,
  }).format(new Date(ticket.startsAt));
}

/** The ticket's QR code, drawn here from its code (no request: it works offline). */
function TicketQr({ code, label }: { code: string; label: string }) {
  const image = useQuery({
    queryKey: ['ticket-qr', code],
    // SVG: drawn without a canvas, sharp at any print size.
    queryFn: async () =>
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
        await QRCode.toString(code, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
      )}`,
    staleTime: Infinity,
    networkMode: 'always',
  });
  if (!image.data) return <div className="entry-ticket__qr" aria-hidden="true" />;
  return <img className="entry-ticket__qr" src={image.data} alt={label} width={220} height={220} />;
}

/**
 * Issue 39: the member's entry tickets, each a QR code with the event, their name, the ticket
 * type and the venue's time with its zone; printable, and kept for use offline once opened.
 */
export function EntryTickets() {
  const { t, i18n } = useTranslation('myTickets');
  const { user } = useSession();
  const userId = user?._id ?? '';
  const tickets = useQuery({
    queryKey: ['entry-tickets', userId],
    queryFn: () => loadEntryTickets(userId),
    enabled: userId !== '',
    networkMode: 'always',
  });
  const keptOffline = useKeptOffline(TICKET_ANSWERS, tickets.isSuccess);
  return (
    <section className="card profile-section entry-tickets" aria-labelledby="entry-tickets-title">
      <div className="entry-tickets__head">
        <h2 id="entry-tickets-title">{t('entry.title')}</h2>
        {tickets.data && tickets.data.tickets.length > 0 && (
          <button type="button" className="btn entry-tickets__print" onClick={() => window.print()}>
            {t('entry.print')}
          </button>
        )}
      </div>
      {tickets.isPending ? (
        <Spinner label={t('entry.loading')} />
      ) : tickets.isError ? (
        <Alert tone="error">{t('entry.failed')}</Alert>
      ) : (
        <>
          {tickets.data.offline && <Alert tone="info">{t('entry.offline')}</Alert>}
          {keptOffline && !tickets.data.offline && tickets.data.tickets.length > 0 && (
            <p className="entry-tickets__kept">{t('entry.keptOffline')}</p>
          )}
          {tickets.data.tickets.length === 0 ? (
            <p className="detail__empty">{t('entry.empty')}</p>
          ) : (
            <ul className="entry-tickets__list">
              {tickets.data.tickets.map((ticket) => (
                <li key={ticket.eventId} className="entry-ticket">
                  <TicketQr
                    code={ticket.code}
                    label={t('entry.qr', { event: ticket.eventTitle })}
                  />
                  <div className="entry-ticket__facts">
                    <h3 className="entry-ticket__event">
                      <Link to={`/events/${ticket.eventId}`}>{ticket.eventTitle}</Link>
                    </h3>
                    <dl className="details">
                      <div className="detail">
                        <dt>{t('entry.holder')}</dt>
                        <dd>{ticket.holderName}</dd>
                      </div>
                      <div className="detail">
                        <dt>{t('type')}</dt>
                        <dd>{t(`events:tickets.${ticket.ticketType}`)}</dd>
                      </div>
                      <div className="detail">
                        <dt>{t('entry.when')}</dt>
                        <dd>
                          {venueDay(ticket, i18n.language)},{' '}
                          {formatVenueTime(ticket, i18n.language)}
                        </dd>
                      </div>
                      <div className="detail">
                        <dt>{t('entry.where')}</dt>
                        <dd>{[ticket.venueName, ticket.city].filter(Boolean).join(', ')}</dd>
                      </div>
                    </dl>
                    {ticket.checkedInAt && <Badge tone="primary">{t('entry.checkedIn')}</Badge>}
                    <p className="entry-ticket__code">{ticket.code}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
