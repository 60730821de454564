import { EmptyState, PageFrame } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Frame of the enrollment manager (/admin/tutorials); the tutorials feature fills it in. */
export function EnrollmentManagerPage() {
  const { t } = useTranslation('admin');
  return (
    <PageFrame title={t('tutorials.title')} subtitle={t('tutorials.subtitle')}>
      <Link to="/admin">{t('tutorials.back')}</Link>
      <div className="card">
        <EmptyState title={t('tutorials.placeholder')} />
      </div>
    </PageFrame>
  );
}
