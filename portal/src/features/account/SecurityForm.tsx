import { Alert, BusyButton } from '@diaspora/ui';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountOutcome } from './accountForms';

interface SecurityFormProps {
  /** The heading's id, which names the form for assistive technology. */
  id: string;
  title: string;
  outcome: AccountOutcome | null;
  saving: boolean;
  saveLabel: string;
  onSubmit: (event: FormEvent) => Promise<void>;
  /** useAccountAction's form, where it focuses the first field to fix. */
  formRef: RefObject<HTMLFormElement | null>;
  children: ReactNode;
}

/** One form of the profile's security section: heading, what the last save did, fields, save. */
export function SecurityForm({
  id,
  title,
  outcome,
  saving,
  saveLabel,
  onSubmit,
  formRef,
  children,
}: SecurityFormProps) {
  const { t } = useTranslation('account');
  return (
    <form
      ref={formRef}
      className="account-form"
      aria-labelledby={id}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <h3 id={id}>{title}</h3>
      {outcome && <Alert tone={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>}
      {children}
      <BusyButton type="submit" className="btn" busy={saving}>
        {saving ? t('security.saving') : saveLabel}
      </BusyButton>
    </form>
  );
}
