import { PageFrame } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { ApiProbePanel } from './ApiProbePanel';

export function SimpleTestPage() {
  const { t } = useTranslation('devtools');
  return (
    <PageFrame title={t('simpleTest.title')} subtitle={t('simpleTest.subtitle')}>
      <ApiProbePanel />
    </PageFrame>
  );
}
