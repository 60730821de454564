import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAV_LINKS } from './navLinks';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <section>
          <p className="footer__brand">{t('brand')}</p>
          <p className="footer__tagline">{t('tagline')}</p>
          <h2 className="footer__heading">{t('footer.mission')}</h2>
          <p>{t('footer.missionText')}</p>
        </section>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="footer__heading">
            {t('footer.quickLinks')}
          </h2>
          <ul className="footer__links">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section>
          <h2 className="footer__heading">{t('footer.contact')}</h2>
          <address className="footer__contact">
            <a href={`mailto:${t('footer.email')}`}>{t('footer.email')}</a>
            <span>{t('footer.phone')}</span>
            <span>{t('footer.address')}</span>
          </address>
        </section>
      </div>
      <div className="container footer__bottom">
        <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
        <span className="footer__legal">
          <Link to="/privacy">{t('footer.privacy')}</Link>
          <Link to="/terms">{t('footer.terms')}</Link>
        </span>
      </div>
    </footer>
  );
}
