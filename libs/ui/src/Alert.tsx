import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  onDismiss?: () => void;
}

/** An inline banner; errors are announced assertively. */
export function Alert({ tone = 'info', title, children, onDismiss }: AlertProps) {
  const { t } = useTranslation('ui');
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="alert__body">
        {title && <strong>{title}</strong>}
        {children && <div>{children}</div>}
      </div>
      {onDismiss && (
        <button
          type="button"
          className="btn btn--ghost btn--icon"
          onClick={onDismiss}
          aria-label={t('dismiss')}
        >
          ×
        </button>
      )}
    </div>
  );
}
