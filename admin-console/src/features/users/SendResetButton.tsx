import { api, unwrap } from '@diaspora/api-client';
import { apiErrorText, BusyButton } from '@diaspora/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from './useUsers';

/** Emails the member a password reset link (they choose the password; the audit log records it). */
export function SendResetButton({ user }: { user: AdminUser }) {
  const { t } = useTranslation('adminUsers');
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () =>
      unwrap(api.POST('/api/users/{id}/password-reset', { params: { path: { id: user._id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
  });
  const click = () => {
    if (window.confirm(t('confirmReset', { name: user.name, email: user.email }))) send.mutate();
  };
  return (
    <>
      {/* Busy: a second press asks nothing and sends nothing while the first call runs. */}
      <BusyButton
        type="button"
        className="btn btn--ghost btn--icon"
        aria-label={t('sendReset', { name: user.name })}
        title={t('sendResetHint')}
        busy={send.isPending}
        onClick={click}
      >
        ✉
      </BusyButton>
      {send.isSuccess && (
        <span role="status" className="user-actions__note">
          {t('resetSent')}
        </span>
      )}
      {send.isError && (
        <span role="alert" className="user-actions__note">
          {apiErrorText(send.error, t, t('actionFailed'))}
        </span>
      )}
    </>
  );
}
