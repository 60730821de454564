import { PageFrame } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { ApiProbePanel } from './ApiProbePanel';

export function TestApiPage() {
  const { t } = useTranslation('devtools');
  return (
    <PageFrame title={t('testApi.title')} subtitle={t('testApi.subtitle')}>
      <ApiProbePanel />
    </PageFrame>
  );
}
