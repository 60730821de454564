import { PageFrame } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProviderButtons } from '../auth/ProviderButtons';

const BENEFITS = ['network', 'events', 'directory', 'learning'] as const;

export function JoinPage() {
  const { t } = useTranslation('join');
  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')}>
      <section className="card join-card">
        <h2>{t('benefitsTitle')}</h2>
        <ul className="check-list">
          {BENEFITS.map((benefit) => (
            <li key={benefit}>{t(`benefits.${benefit}`)}</li>
          ))}
        </ul>
        <div className="button-row">
          <Link to="/register" className="btn btn--accent">
            {t('cta')}
          </Link>
        </div>
        <ProviderButtons />
        <p>
          {t('haveAccount')} <Link to="/login">{t('login')}</Link>
        </p>
      </section>
    </PageFrame>
  );
}
