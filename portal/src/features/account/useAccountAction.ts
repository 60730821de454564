import { apiErrorText } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblems } from './accountForms';

/** What the last call did: its success text, or the server's error in the interface's language. */
export interface AccountOutcome {
  ok: boolean;
  text: string;
}

/**
 * The saving and outcome state of an account form: `run` shows the field problems and, when there
 * are none, makes the call; the call resolves to the text to show on success.
 */
export function useAccountAction<F extends string>() {
  const { t } = useTranslation('account');
  const [errors, setErrors] = useState<FieldProblems<F>>({});
  const [outcome, setOutcome] = useState<AccountOutcome | null>(null);
  const [saving, setSaving] = useState(false);

  const run = async (problems: FieldProblems<F>, call: () => Promise<string>) => {
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: await call() });
    } catch (cause) {
      setOutcome({ ok: false, text: apiErrorText(cause, t, t('failed')) });
    } finally {
      setSaving(false);
    }
  };

  return { errors, outcome, saving, run };
}
