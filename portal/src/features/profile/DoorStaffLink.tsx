import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { doorEventsApi } from './entryTicketsApi';

/** Issue 39: a member named door staff finds the console's check-in from their profile. */
export function DoorStaffLink() {
  const { t } = useTranslation('myTickets');
  const events = useQuery({ queryKey: ['door-events'], queryFn: doorEventsApi.mine });
  if (!events.data?.length) return null;
  return (
    <section className="card profile-section" aria-labelledby="door-staff-title">
      <h2 id="door-staff-title">{t('door.title')}</h2>
      <p>{t('door.text', { events: events.data.map((event) => event.title).join(', ') })}</p>
      <Link className="btn btn--primary" to="/admin/check-in">
        {t('door.open')}
      </Link>
    </section>
  );
}
