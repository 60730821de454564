import { PageFrame } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.notFound.title')} subtitle={t('pages.notFound.text')}>
      <Link to="/" className="btn">
        {t('pages.notFound.home')}
      </Link>
    </PageFrame>
  );
}
