import { isApiRequestError, isNetworkError } from '@diaspora/api-client';
import { Alert, apiErrorText, Spinner } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLinkToken } from './accountForms';
import { useLinkOnce } from './useLinkOnce';

interface EmailLinkPageProps {
  /** The page's texts in the account namespace: title, working, done ({{email}}) and continue. */
  texts: 'verify' | 'confirmEmail' | 'deleteAccount';
  /** Where the done state's way on leads (the profile unless the account is gone). */
  continueTo?: string;
  /** Redeems the link's token; resolves to the address the done text names, if any. */
  redeem: (token: string) => Promise<string | void>;
}

/** No verdict on the link: offline, or the server (or the proxy before it) failed. */
const unanswered = (cause: unknown) =>
  isNetworkError(cause) || (isApiRequestError(cause) && cause.status >= 500);

/** The page an emailed one-time link opens: working, then done with a way on, or why not. */
export function EmailLinkPage({ texts, redeem, continueTo = '/profile' }: EmailLinkPageProps) {
  const { t } = useTranslation('account');
  // Kept in memory once read: the address no longer has it when "Try again" sends it again.
  const token = useLinkToken();
  const { state, retry } = useLinkOnce(token, redeem);

  return (
    <div className="auth-page">
      <div className="auth-card card">
        <h1 className="auth-card__title">{t(`${texts}.title`)}</h1>
        {!token ? (
          <Alert tone="error">{t('verify.missingToken')}</Alert>
        ) : state.status === 'working' ? (
          <>
            <Spinner />
            <p>{t(`${texts}.working`)}</p>
          </>
        ) : state.status === 'done' ? (
          <>
            <Alert tone="success">{t(`${texts}.done`, { email: state.value })}</Alert>
            <Link className="btn auth-card__submit" to={continueTo}>
              {t(`${texts}.continue`)}
            </Link>
          </>
        ) : unanswered(state.cause) ? (
          // No answer is not a verdict on the link: it may still be good.
          <>
            <Alert tone="error">{t('verify.network')}</Alert>
            <button type="button" className="btn auth-card__submit" onClick={retry}>
              {t('verify.retry')}
            </button>
          </>
        ) : (
          <Alert tone="error">{apiErrorText(state.cause, t, t('verify.failed'))}</Alert>
        )}
      </div>
    </div>
  );
}
