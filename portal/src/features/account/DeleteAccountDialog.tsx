import {
  Alert,
  apiErrorText,
  BusyButton,
  FormField,
  Modal,
  useFirstInvalidFocus,
} from '@diaspora/ui';
import { useSession } from '@diaspora/session';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAccount } from './useAccountData';
import { usePasswordless } from './usePasswordless';

interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The confirmation of "Delete my account": what goes, what stays, and the password; a member
 * without one is emailed the link that deletes the account instead.
 */
export function DeleteAccountDialog({ open, onClose }: DeleteAccountDialogProps) {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const passwordless = usePasswordless();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const { form, focusFirstInvalid } = useFirstInvalidFocus();

  const close = () => {
    setPassword('');
    setError(undefined);
    remove.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!passwordless && !password) {
      setError(t('delete.passwordRequired'));
      return focusFirstInvalid();
    }
    setError(undefined);
    remove.mutate(passwordless ? undefined : password, {
      onError: (cause) => {
        setError(apiErrorText(cause, t, t('delete.failed')));
        focusFirstInvalid();
      },
    });
  };

  return (
    <Modal open={open} title={t('delete.title')} onClose={close}>
      <form ref={form} onSubmit={submit} noValidate>
        <Alert tone="warning">{t('delete.warning')}</Alert>
        {remove.data === 'link-sent' ? (
          <Alert tone="success">{t('delete.linkSent', { email: user?.email })}</Alert>
        ) : passwordless ? (
          <>
            <p>{t('delete.noPassword')}</p>
            {error && <Alert tone="error">{error}</Alert>}
          </>
        ) : (
          <FormField label={t('delete.password')} error={error} required>
            {(control) => (
              <input
                {...control}
                type="password"
                className="input"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </FormField>
        )}
        <div className="profile-actions">
          {remove.data !== 'link-sent' && (
            <BusyButton type="submit" className="btn btn--danger" busy={remove.isPending}>
              {remove.isPending
                ? t('delete.busy')
                : passwordless
                  ? t('delete.sendLink')
                  : t('delete.confirm')}
            </BusyButton>
          )}
          <button type="button" className="btn btn--secondary" onClick={close}>
            {t('delete.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
