import { dateFormat, intlLocale } from '@diaspora/i18n';
import { useTranslation } from 'react-i18next';
import type { DoorAnswer } from './doorStore';

/** How each answer looks: a tone, and a sign so that colour is never the only cue. */
const LOOK: Record<DoorAnswer['result'], { tone: 'ok' | 'warn' | 'stop'; sign: string }> = {
  checked_in: { tone: 'ok', sign: '✓' },
  already_checked_in: { tone: 'warn', sign: '!' },
  conflict: { tone: 'warn', sign: '!' },
  refunded: { tone: 'stop', sign: '✕' },
  disputed: { tone: 'stop', sign: '✕' },
  not_going: { tone: 'stop', sign: '✕' },
  event_cancelled: { tone: 'stop', sign: '✕' },
  wrong_event: { tone: 'stop', sign: '✕' },
  unknown_code: { tone: 'stop', sign: '✕' },
};

export function useDoorTime() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    dateFormat(intlLocale(i18n.language), { hour: 'numeric', minute: '2-digit' }).format(
      new Date(iso),
    );
}

/** One answer's words: what it is, whose ticket, and when and by whom it was used before. */
export function AnswerText({ answer }: { answer: DoorAnswer }) {
  const { t } = useTranslation(['checkIn', 'events']);
  const time = useDoorTime();
  const look = LOOK[answer.result];
  return (
    <>
      <p className="door-result__title">
        <span className="door-result__sign" aria-hidden="true">
          {look.sign}
        </span>{' '}
        {t(`checkIn:result.${answer.result}`)}
      </p>
      {answer.name && (
        <p className="door-result__who">
          {answer.name}
          {answer.ticketType && ` · ${t(`events:tickets.${answer.ticketType}`)}`}
        </p>
      )}
      {answer.result !== 'checked_in' && answer.checkedInAt && (
        <p className="door-result__when">
          {answer.checkedInBy
            ? t('checkIn:checkedInAtBy', { time: time(answer.checkedInAt), by: answer.checkedInBy })
            : t('checkIn:checkedInAt', { time: time(answer.checkedInAt) })}
        </p>
      )}
      {answer.offline && <p className="door-result__offline">{t('checkIn:offlineAnswer')}</p>}
    </>
  );
}

/**
 * The answer to the last scan or search, in a live region so that screen readers say it at once;
 * its tone is shown by colour, a sign and words.
 */
export function DoorResult({ answer }: { answer: (DoorAnswer & { seq: number }) | undefined }) {
  const { t } = useTranslation('checkIn');
  return (
    <div
      className={`door-result${answer ? ` door-result--${LOOK[answer.result].tone}` : ''}`}
      aria-live="assertive"
      aria-atomic="true"
      data-testid="door-result"
    >
      {answer ? (
        // A new key per answer: the same answer twice is announced twice.
        <div key={answer.seq}>
          <AnswerText answer={answer} />
        </div>
      ) : (
        <p className="door-result__idle">{t('idle')}</p>
      )}
    </div>
  );
}
