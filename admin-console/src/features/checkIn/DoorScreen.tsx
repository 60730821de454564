import { checkInApi } from './checkInApi';
import { isAdmin, useSession } from '@diaspora/session';
import { Alert, apiErrorText, PageFrame, Spinner, TextField } from '@diaspora/ui';
import { useKeptOffline } from '@diaspora/ui/src/offline/useKeptOffline';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CameraScanner } from './CameraScanner';
import { AnswerText, DoorResult } from './DoorResult';
import { DoorStaffPanel } from './DoorStaffPanel';
import { searchAttendees } from './doorStore';
import { useDoor } from './useDoor';
import './checkIn.css';

/** The same code read again this soon is the camera seeing it twice, not a second scan. */
const SAME_SCAN_MS = 3000;

/** The door of one event, made for a phone: scan or search, the answer, the counts, the queue. */
export function DoorScreen() {
  const { t, i18n } = useTranslation('checkIn');
  const { eventId = '' } = useParams();
  const { user } = useSession();
  const door = useDoor(eventId);
  // The door reopens offline (docs/adr/0071): its page, list and counts kept by the service worker.
  const keptOffline = useKeptOffline(
    [`/api/events/${eventId}/door`, `/api/events/${eventId}/door/counts`],
    door.list.isSuccess && !door.list.data.kept,
  );
  const [search, setSearch] = useState('');
  const lastScan = useRef({ code: '', at: 0 });

  const onScan = (code: string) => {
    const now = Date.now();
    if (lastScan.current.code === code && now - lastScan.current.at < SAME_SCAN_MS) return;
    lastScan.current = { code, at: now };
    void door.admit(code, 'scan');
  };

  const downloadCsv = async () => {
    const blob = await checkInApi.csv(eventId, i18n.language.startsWith('am') ? 'am' : 'en');
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `attendees-${eventId}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };

  if (door.list.isPending) return <Spinner label={t('loading')} />;
  if (door.list.isError) {
    return (
      <div className="container page-body">
        <Alert tone="error">{apiErrorText(door.list.error, t, t('loadFailed'))}</Alert>
        <Link to="/admin/check-in">{t('back')}</Link>
      </div>
    );
  }
  const list = door.list.data;
  const counts = door.counts.data ?? list.counts;
  const found = searchAttendees(list, search);
  return (
    <PageFrame title={list.event.title} subtitle={t('doorSubtitle')}>
      <div className="door">
        <p className="door__nav">
          <Link to="/admin/check-in">{t('otherEvent')}</Link>
        </p>
        <p className="door__counts" data-testid="door-counts">
          {t('counts', { checkedIn: counts.checkedIn, going: counts.going })}
        </p>
        {!door.online && <Alert tone="warning">{t('offline')}</Alert>}
        {keptOffline && door.online && <p className="door__kept">{t('keptOffline')}</p>}
        {door.pending > 0 && (
          <p className="door__pending" role="status">
            {t('pending', { count: door.pending })}
          </p>
        )}
        {list.event.cancelled && <Alert tone="error">{t('result.event_cancelled')}</Alert>}
        <DoorResult answer={door.answer} />
        {door.failed !== undefined && (
          <Alert tone="error">{apiErrorText(door.failed, t, t('checkInFailed'))}</Alert>
        )}
        <CameraScanner onCode={onScan} />
        <section className="door-search" aria-labelledby="door-search-title">
          <h2 id="door-search-title">{t('search.title')}</h2>
          <TextField
            label={t('search.label')}
            type="search"
            autoComplete="off"
            value={search}
            onValueChange={setSearch}
          />
          {search.trim() !== '' && found.length === 0 && <p>{t('search.none')}</p>}
          <ul className="door-search__results">
            {found.map((attendee) => (
              <li key={attendee.userId}>
                <span>
                  {attendee.name} · {attendee.email}
                  {attendee.checkedInAt && ` · ${t('search.in')}`}
                </span>
                <button
                  type="button"
                  className="btn"
                  onClick={() => void door.admit(attendee.code, 'search')}
                >
                  {t('search.checkIn', { name: attendee.name })}
                </button>
              </li>
            ))}
          </ul>
        </section>
        {door.conflicts.length > 0 && (
          <section className="door-conflicts" aria-labelledby="door-conflicts-title">
            <h2 id="door-conflicts-title">{t('conflicts.title')}</h2>
            <p>{t('conflicts.hint')}</p>
            <ul>
              {door.conflicts.map((conflict, index) => (
                <li key={index} className="door-result door-result--warn">
                  <AnswerText answer={conflict} />
                </li>
              ))}
            </ul>
          </section>
        )}
        {isAdmin(user) && (
          <>
            <p>
              <button type="button" className="btn" onClick={() => void downloadCsv()}>
                {t('csv')}
              </button>
            </p>
            <DoorStaffPanel eventId={eventId} />
          </>
        )}
      </div>
    </PageFrame>
  );
}
