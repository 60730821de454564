import { Alert } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { emailStatusOf, type ContactResponse } from './contactRules';

/** After sending: the thank-you, and what became of the email to the team (spec section 2). */
export function ContactStatus({ response }: { response: ContactResponse }) {
  const { t } = useTranslation('contact');
  const status = emailStatusOf(response);
  return (
    <Alert tone={status === 'failed' ? 'warning' : 'success'} title={t('success')}>
      <p className="contact-status" data-email-status={status}>
        {t(`emailStatus.${status}`)}
      </p>
      {response.emailError && (
        <p className="contact-status__error">
          {t('emailError', {
            // The API's own codes read in the reader's language; an SMTP client's as it reported.
            message: t(`emailErrors.${response.emailError.code}`, {
              defaultValue: response.emailError.message,
            }),
            code: response.emailError.code,
          })}
        </p>
      )}
    </Alert>
  );
}
