import { useSession } from '@diaspora/session';
import { TextField } from '@diaspora/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from './accountApi';
import { emailProblem, CurrentPasswordField, useAccountAction } from './accountForms';
import { SecurityForm } from './SecurityForm';
import { usePasswordless } from './usePasswordless';

type Field = 'email' | 'current';

/**
 * Sends a confirmation link to the new address; the change happens when it is opened. A member
 * without a password is sent the link at the current address instead, and types no password.
 */
export function ChangeEmailForm() {
  const { t } = useTranslation('account');
  const passwordless = usePasswordless();
  const { user } = useSession();
  const [email, setEmail] = useState('');
  const [current, setCurrent] = useState('');
  const { form, errors, outcome, saving, run } = useAccountAction<Field>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    const problems = {
      ...(problem ? { email: problem } : {}),
      ...(current || passwordless ? {} : { current: 'validation.required' }),
    };
    return run(problems, async () => {
      const newEmail = email.trim().toLowerCase();
      await accountApi.changeEmail(passwordless ? undefined : current, newEmail);
      setCurrent('');
      return passwordless
        ? t('security.emailLinkSentCurrent', { email: user?.email, newEmail })
        : t('security.emailLinkSent', { email: newEmail });
    });
  };

  return (
    <SecurityForm
      id="change-email-title"
      title={t('security.changeEmail')}
      outcome={outcome}
      saving={saving}
      saveLabel={t('security.saveEmail')}
      onSubmit={submit}
      formRef={form}
    >
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
      {!passwordless && (
        <CurrentPasswordField value={current} onValueChange={setCurrent} problem={errors.current} />
      )}
    </SecurityForm>
  );
}
