import { useSession } from '@diaspora/session';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from './accountApi';
import {
  newPasswordProblems,
  CurrentPasswordField,
  NewPasswordFields,
  NO_NEW_PASSWORD,
  useAccountAction,
} from './accountForms';
import { SecurityForm } from './SecurityForm';

type Field = 'current' | 'password' | 'confirm';

/** Current password plus the new one twice; this device keeps the fresh token, others end. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const { adopt } = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState(NO_NEW_PASSWORD);
  const { form, errors, outcome, saving, run } = useAccountAction<Field>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      ...(current ? {} : { current: 'validation.required' }),
      ...newPasswordProblems(next.password, next.confirm),
    };
    return run(problems, async () => {
      adopt(await accountApi.changePassword(current, next.password));
      setCurrent('');
      setNext(NO_NEW_PASSWORD);
      return t('security.passwordChanged');
    });
  };

  return (
    <SecurityForm
      id="change-password-title"
      title={t('security.changePassword')}
      outcome={outcome}
      saving={saving}
      saveLabel={t('security.savePassword')}
      onSubmit={submit}
      formRef={form}
    >
      <CurrentPasswordField value={current} onValueChange={setCurrent} problem={errors.current} />
      <NewPasswordFields value={next} onChange={setNext} problems={errors} />
    </SecurityForm>
  );
}
