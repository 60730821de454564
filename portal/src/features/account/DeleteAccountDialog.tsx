import {
  Alert,
  apiErrorText,
  BusyButton,
  FormField,
  Modal,
  useFirstInvalidFocus,
} from '@diaspora/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAccount } from './useAccountData';

interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The confirmation of "Delete my account": what goes, what stays, and the password. */
export function DeleteAccountDialog({ open, onClose }: DeleteAccountDialogProps) {
  const { t } = useTranslation('account');
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
    if (!password) {
      setError(t('delete.passwordRequired'));
      return focusFirstInvalid();
    }
    setError(undefined);
    remove.mutate(password, {
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
        <div className="profile-actions">
          <BusyButton type="submit" className="btn btn--danger" busy={remove.isPending}>
            {remove.isPending ? t('delete.busy') : t('delete.confirm')}
          </BusyButton>
          <button type="button" className="btn btn--secondary" onClick={close}>
            {t('delete.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
