import { useSession } from '@diaspora/session';
import { Alert, apiErrorText, TextField } from '@diaspora/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from './accountApi';
import { newPasswordProblems, type FieldProblems } from './accountForms';

type Field = 'current' | 'password' | 'confirm';

/** Current password plus the new one twice; this device keeps the fresh token, others end. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const { adopt } = useSession();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldProblems<Field>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: FieldProblems<Field> = {
      ...(current ? {} : { current: 'validation.required' }),
      ...newPasswordProblems(password, confirm),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    setOutcome(null);
    try {
      adopt(await accountApi.changePassword(current, password));
      setCurrent('');
      setPassword('');
      setConfirm('');
      setOutcome({ ok: true, text: t('security.passwordChanged') });
    } catch (cause) {
      setOutcome({ ok: false, text: apiErrorText(cause, t, t('failed')) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="account-form"
      aria-labelledby="change-password-title"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h3 id="change-password-title">{t('security.changePassword')}</h3>
      {outcome && <Alert tone={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>}
      <TextField
        label={t('security.currentPassword')}
        error={errors.current && t(errors.current)}
        required
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        value={current}
        onValueChange={setCurrent}
      />
      <TextField
        label={t('security.newPassword')}
        hint={t('reset.hint')}
        error={errors.password && t(errors.password)}
        required
        type="password"
        name="newPassword"
        autoComplete="new-password"
        value={password}
        onValueChange={setPassword}
      />
      <TextField
        label={t('security.confirmPassword')}
        error={errors.confirm && t(errors.confirm)}
        required
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        value={confirm}
        onValueChange={setConfirm}
      />
      <button type="submit" className="btn" disabled={saving}>
        {saving ? t('security.saving') : t('security.savePassword')}
      </button>
    </form>
  );
}
