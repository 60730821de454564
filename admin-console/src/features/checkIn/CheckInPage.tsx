import { checkInApi } from './checkInApi';
import { dateFormat, intlLocale } from '@diaspora/i18n';
import { Alert, apiErrorText, PageFrame, Spinner } from '@diaspora/ui';
import { useKeptOffline } from '@diaspora/ui/src/offline/useKeptOffline';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes } from 'react-router';
import { DoorScreen } from './DoorScreen';
import './checkIn.css';

/** The API answer the choice draws, kept by the service worker to open offline (docs/adr/0071). */
const DOOR_EVENTS_ANSWERS = ['/api/events/door-events'];

/** The events the caller may check in at: admins every upcoming one, door staff their own. */
function EventChoice() {
  const { t, i18n } = useTranslation('checkIn');
  const events = useQuery({ queryKey: ['door', 'events'], queryFn: checkInApi.events });
  const keptOffline = useKeptOffline(DOOR_EVENTS_ANSWERS, events.isSuccess);
  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')}>
      <div className="door">
        {events.isPending ? (
          <Spinner label={t('loading')} />
        ) : events.isError ? (
          <Alert tone="error">{apiErrorText(events.error, t, t('loadFailed'))}</Alert>
        ) : events.data.length === 0 ? (
          <p>{t('noEvents')}</p>
        ) : (
          <ul className="door-events">
            {events.data.map((event) => (
              <li key={event.id}>
                <Link className="door-events__link" to={`/admin/check-in/${event.id}`}>
                  <strong>{event.title}</strong>
                  <span>
                    {dateFormat(intlLocale(i18n.language), {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                      timeZone: event.timeZone,
                    }).format(new Date(event.startsAt))}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {keptOffline && <p className="door__kept">{t('keptOffline')}</p>}
      </div>
    </PageFrame>
  );
}

/** Issue 39: check-in at the door, for admins and each event's door staff (/admin/check-in). */
export default function CheckInPage() {
  return (
    <Routes>
      <Route index element={<EventChoice />} />
      <Route path=":eventId" element={<DoorScreen />} />
    </Routes>
  );
}
