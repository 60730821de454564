import { useSession } from '@diaspora/session';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The closing call to action; for guests a log-in button to /login (spec section 2). */
export function TutorialsCallToAction() {
  const { t } = useTranslation('tutorials');
  const { user } = useSession();
  return (
    <section className="card tutorials-cta" aria-labelledby="tutorials-cta-title">
      <h2 id="tutorials-cta-title">{t('cta.title')}</h2>
      {user ? (
        <>
          <p>{t('cta.memberText')}</p>
          <p className="button-row button-row--center">
            <Link to="/contact" className="btn">
              {t('cta.contact')}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>{t('cta.guestText')}</p>
          <p className="button-row button-row--center">
            <Link to="/login" className="btn">
              {t('cta.login')}
            </Link>
            <Link to="/register" className="btn btn--secondary">
              {t('cta.register')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
