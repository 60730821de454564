import { TextField } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import type { FieldProblems } from './accountForms';

/** A new password as typed twice. */
export interface NewPassword {
  password: string;
  confirm: string;
}

export const NO_NEW_PASSWORD: NewPassword = { password: '', confirm: '' };

/** The current password that every security change asks for first. */
export function CurrentPasswordField(props: {
  value: string;
  onValueChange: (value: string) => void;
  /** The i18n key of what is wrong with it, if anything. */
  problem?: string;
}) {
  const { t } = useTranslation('account');
  return (
    <TextField
      label={t('security.currentPassword')}
      error={props.problem && t(props.problem)}
      required
      type="password"
      name="currentPassword"
      autoComplete="current-password"
      value={props.value}
      onValueChange={props.onValueChange}
    />
  );
}

/** A new password and its confirmation, as the reset page and the security section ask them. */
export function NewPasswordFields({
  value,
  onChange,
  problems,
}: {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  problems: FieldProblems<keyof NewPassword>;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <TextField
        label={t('security.newPassword')}
        hint={t('reset.hint')}
        error={problems.password && t(problems.password)}
        required
        type="password"
        name="newPassword"
        autoComplete="new-password"
        value={value.password}
        onValueChange={(password) => onChange({ ...value, password })}
      />
      <TextField
        label={t('security.confirmPassword')}
        error={problems.confirm && t(problems.confirm)}
        required
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        value={value.confirm}
        onValueChange={(confirm) => onChange({ ...value, confirm })}
      />
    </>
  );
}
