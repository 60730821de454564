import { Alert, apiErrorText, BusyButton } from '@diaspora/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from './accountApi';

/** The Resend button of every "confirm your email" notice, with what happened. */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  // The button gives way to the confirmation: focus goes with it rather than to the page.
  const confirmation = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state === 'sent') confirmation.current?.focus();
  }, [state]);

  const resend = async () => {
    setState('sending');
    setFailure(null);
    try {
      await accountApi.resendVerification();
      setState('sent');
    } catch (cause) {
      setFailure(apiErrorText(cause, t, t('banner.failed')));
      setState('idle');
    }
  };

  return (
    <>
      {state === 'sent' ? (
        <p ref={confirmation} role="status" tabIndex={-1}>
          {t('banner.resent', { email })}
        </p>
      ) : (
        <BusyButton
          type="button"
          className="btn btn--secondary"
          busy={state === 'sending'}
          onClick={() => void resend()}
        >
          {state === 'sending' ? t('banner.resending') : t('banner.resend')}
        </BusyButton>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
    </>
  );
}
