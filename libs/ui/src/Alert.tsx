import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  onDismiss?: () => void;
  /** Focus it when shown: the form or button it replaces had the focus, which would be lost. */
  takeFocus?: boolean;
}

/** An inline banner; errors are announced assertively. */
export function Alert({ tone = 'info', title, children, onDismiss, takeFocus }: AlertProps) {
  const { t } = useTranslation('ui');
  const self = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) self.current?.focus();
  }, [takeFocus]);
  return (
    <div
      ref={self}
      className={`alert alert--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={takeFocus ? -1 : undefined}
    >
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
