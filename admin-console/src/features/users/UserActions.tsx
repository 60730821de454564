import { BusyButton } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { oneOf, UserRole } from '@diaspora/api-client';
import { SendResetButton } from './SendResetButton';
import type { AdminUser, UserAction } from './useUsers';

interface UserActionsProps {
  user: AdminUser;
  /** The signed-in admin's own row: no block, no role change (the server refuses both). */
  isSelf: boolean;
  busy: boolean;
  onAction: (action: UserAction) => void;
}

const ROLES = [UserRole.member, UserRole.admin];

/**
 * A row's actions: approve (members only, spec 2), confirm an address no email reached, block or
 * unblock, and the role. While a call
 * runs the buttons are busy (BusyButton: aria-disabled, presses ignored), not disabled.
 */
export function UserActions({ user, isSelf, busy, onAction }: UserActionsProps) {
  const { t } = useTranslation(['adminUsers', 'admin']);
  const admin = user.role === 'admin';
  return (
    <div className="user-actions">
      {!admin && user.status === 'pending' && (
        <BusyButton
          type="button"
          className="btn btn--ghost btn--icon"
          aria-label={t('admin:users.approve', { name: user.name })}
          title={t('approveHint')}
          busy={busy}
          onClick={() => onAction({ kind: 'approve', id: user._id })}
        >
          ✓
        </BusyButton>
      )}
      {!admin && !isSelf && user.status !== 'blocked' && (
        <BusyButton
          type="button"
          className="btn btn--ghost btn--icon"
          aria-label={t('admin:users.block', { name: user.name })}
          title={t('blockHint')}
          busy={busy}
          onClick={() => onAction({ kind: 'block', id: user._id })}
        >
          ⊘
        </BusyButton>
      )}
      {!user.emailVerified && (
        <BusyButton
          type="button"
          className="btn btn--secondary btn--small"
          aria-label={t('confirmEmail', { name: user.name })}
          busy={busy}
          onClick={() => onAction({ kind: 'confirmEmail', id: user._id })}
        >
          {t('confirmEmailShort')}
        </BusyButton>
      )}
      <SendResetButton user={user} />
      {user.status === 'blocked' && (
        <BusyButton
          type="button"
          className="btn btn--secondary btn--small"
          aria-label={t('unblock', { name: user.name })}
          busy={busy}
          onClick={() => onAction({ kind: 'unblock', id: user._id })}
        >
          {t('unblockShort')}
        </BusyButton>
      )}
      <select
        className="input input--compact"
        aria-label={t('roleFor', { name: user.name })}
        value={admin ? UserRole.admin : UserRole.member}
        disabled={isSelf}
        aria-disabled={busy}
        onChange={(event) => {
          if (busy) return;
          const role = oneOf(UserRole, event.target.value);
          if (role) onAction({ kind: 'role', id: user._id, role });
        }}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
