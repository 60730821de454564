import { Alert, apiErrorText, TextField } from '@diaspora/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from './accountApi';
import { emailProblem, type FieldProblems } from './accountForms';

type Field = 'email' | 'current';

/** Sends a confirmation link to the new address; the change happens when it is opened. */
export function ChangeEmailForm() {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState('');
  const [current, setCurrent] = useState('');
  const [errors, setErrors] = useState<FieldProblems<Field>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    const problems: FieldProblems<Field> = {
      ...(problem ? { email: problem } : {}),
      ...(current ? {} : { current: 'validation.required' }),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    setOutcome(null);
    try {
      const newEmail = email.trim().toLowerCase();
      await accountApi.changeEmail(current, newEmail);
      setCurrent('');
      setOutcome({ ok: true, text: t('security.emailLinkSent', { email: newEmail }) });
    } catch (cause) {
      setOutcome({ ok: false, text: apiErrorText(cause, t, t('failed')) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="account-form"
      aria-labelledby="change-email-title"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h3 id="change-email-title">{t('security.changeEmail')}</h3>
      {outcome && <Alert tone={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>}
      <TextField
        label={t('security.newEmail')}
        error={errors.email && t(errors.email)}
        required
        type="email"
        name="newEmail"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
      />
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
      <button type="submit" className="btn" disabled={saving}>
        {saving ? t('security.saving') : t('security.saveEmail')}
      </button>
    </form>
  );
}
