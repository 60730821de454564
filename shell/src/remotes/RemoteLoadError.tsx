import { Alert } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';

export function RemoteLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="container page-body">
      <Alert tone="error" title={t('remote.failedTitle')}>
        <p>{t('remote.failedText')}</p>
        <button type="button" className="btn" onClick={onRetry}>
          {t('remote.retry')}
        </button>
      </Alert>
    </div>
  );
}
