import { useSession } from '@diaspora/session';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '@diaspora/ui';
import { isEventActive } from './eventFormat';
import type { EventSummary } from './useEvents';

// Members' controls load on demand: a guest's first page (the home page's cards) does without them.
const MemberRsvpControls = lazyPart(() => import('./MemberRsvpControls'), 'MemberRsvpControls');

/** The list card's RSVP area: a guest's prompt to sign in, or the member's controls. */
export function RsvpControls({ event }: { event: EventSummary }) {
  const { t } = useTranslation('events');
  const { user } = useSession();

  if (user) {
    return (
      <Suspense fallback={<div className="event-rsvp" />}>
        <MemberRsvpControls event={event} />
      </Suspense>
    );
  }
  return (
    <div className="event-rsvp">
      <p className="event-rsvp__note">{t('rsvp.loginToRsvp')}</p>
      {isEventActive(event) && (
        // Spec 5: a guest's RSVP attempt alerts that signing in is needed.
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => window.alert(t('rsvp.loginAlert'))}
        >
          {t('rsvp.rsvpButton')}
        </button>
      )}
    </div>
  );
}
