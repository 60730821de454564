import type { NotificationPreference } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import { Alert, BusyButton, PageFrame, Spinner } from '@diaspora/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePreferences, useSavePreferences } from './useNotifications';
import './notifications.css';

const FREQUENCIES = ['immediately', 'daily', 'never'] as const;

/**
 * Per kind: shown in the page or not, and emailed at once, in a daily digest or never. A
 * transactional email (a cancellation and its refund) is always sent: its choice is fixed. And
 * the weekly digest, off until chosen, at 08:00 on Monday in the member's time zone.
 */
export function NotificationPreferencesPage() {
  const { t } = useTranslation('notifications');
  const stored = usePreferences();
  const save = useSavePreferences();
  const { user } = useSession();
  const [draft, setDraft] = useState<NotificationPreference[]>([]);
  const [weekly, setWeekly] = useState(false);
  useEffect(() => {
    if (!stored.data) return;
    setDraft(stored.data.preferences);
    setWeekly(stored.data.weeklyDigest);
  }, [stored.data]);

  const change = (kind: string, patch: Partial<NotificationPreference>) => {
    save.reset();
    setDraft((rows) => rows.map((row) => (row.kind === kind ? { ...row, ...patch } : row)));
  };

  return (
    <PageFrame title={t('preferences.title')} subtitle={t('preferences.intro')}>
      <p>
        <Link to="/notifications">{t('preferences.back')}</Link>
      </p>
      {stored.isPending ? (
        <Spinner />
      ) : stored.isError ? (
        <Alert tone="error">{t('loadError')}</Alert>
      ) : (
        <form
          className="card notification-preferences"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({
              preferences: draft.map(({ kind, inPage, email }) => ({ kind, inPage, email })),
              weeklyDigest: weekly,
            });
          }}
        >
          <table>
            <thead>
              <tr>
                <th scope="col">{t('preferences.kind')}</th>
                <th scope="col">{t('preferences.inPage')}</th>
                <th scope="col">{t('preferences.email')}</th>
              </tr>
            </thead>
            <tbody>
              {draft.map((row) => {
                const kind = t(`kinds.${row.kind}`);
                return (
                  <tr key={row.kind}>
                    <th scope="row">{kind}</th>
                    <td>
                      <input
                        type="checkbox"
                        checked={row.inPage}
                        aria-label={t('preferences.inPageFor', { kind })}
                        onChange={(event) => change(row.kind, { inPage: event.target.checked })}
                      />
                    </td>
                    <td>
                      {row.emailLocked ? (
                        <span>{t('preferences.locked')}</span>
                      ) : (
                        <select
                          value={row.email}
                          aria-label={t('preferences.emailFor', { kind })}
                          onChange={(event) =>
                            change(row.kind, {
                              email: event.target.value as NotificationPreference['email'],
                            })
                          }
                        >
                          {FREQUENCIES.map((frequency) => (
                            <option key={frequency} value={frequency}>
                              {t(`preferences.${frequency}`)}
                            </option>
                          ))}
                        </select>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <fieldset className="notification-preferences__weekly">
            <legend>{t('preferences.weeklyTitle')}</legend>
            <label>
              <input
                type="checkbox"
                checked={weekly}
                aria-describedby="weekly-digest-hint"
                onChange={(event) => {
                  save.reset();
                  setWeekly(event.target.checked);
                }}
              />{' '}
              {t('preferences.weekly')}
            </label>
            <p id="weekly-digest-hint" className="notification-preferences__hint">
              {user?.timeZone ? (
                t('preferences.weeklyHint', { zone: user.timeZone.replace(/_/g, ' ') })
              ) : (
                <Link to="/profile">{t('preferences.weeklyNoZone')}</Link>
              )}
            </p>
          </fieldset>
          <BusyButton busy={save.isPending} type="submit">
            {t('preferences.save')}
          </BusyButton>
          {save.isSuccess && (
            <p role="status" className="notification-preferences__saved">
              {t('preferences.saved')}
            </p>
          )}
          {save.isError && <Alert tone="error">{t('preferences.saveFailed')}</Alert>}
        </form>
      )}
    </PageFrame>
  );
}
