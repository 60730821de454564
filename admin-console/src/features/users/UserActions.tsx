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
 * A row's actions: approve (members only, spec 2), block or unblock, and the role. While a call
 * runs they are aria-disabled, not disabled, which would drop the keyboard's focus.
 */
export function UserActions({ user, isSelf, busy, onAction }: UserActionsProps) {
  const { t } = useTranslation(['adminUsers', 'admin']);
  const admin = user.role === 'admin';
  return (
    <div className="user-actions">
      {!admin && user.status === 'pending' && (
        <button
          type="button"
          className="btn btn--ghost btn--icon"
          aria-label={t('admin:users.approve', { name: user.name })}
          title={t('approveHint')}
          aria-disabled={busy}
          onClick={() => !busy && onAction({ kind: 'approve', id: user._id })}
        >
          ✓
        </button>
      )}
      {!admin && !isSelf && user.status !== 'blocked' && (
        <button
          type="button"
          className="btn btn--ghost btn--icon"
          aria-label={t('admin:users.block', { name: user.name })}
          title={t('blockHint')}
          aria-disabled={busy}
          onClick={() => !busy && onAction({ kind: 'block', id: user._id })}
        >
          ⊘
        </button>
      )}
      <SendResetButton user={user} />
      {user.status === 'blocked' && (
        <button
          type="button"
          className="btn btn--secondary btn--small"
          aria-label={t('unblock', { name: user.name })}
          aria-disabled={busy}
          onClick={() => !busy && onAction({ kind: 'unblock', id: user._id })}
        >
          {t('unblockShort')}
        </button>
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
