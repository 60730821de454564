import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPlaceholderUrl } from './eventFormat';

interface EventImageProps {
  url: string | null | undefined;
  className: string;
  alt?: string;
}

/** An event image, or the placeholder icon when there is none or it fails to load (spec 8). */
export function EventImage({ url, className, alt = '' }: EventImageProps) {
  const { t } = useTranslation('events');
  const [broken, setBroken] = useState(false);
  if (!url || broken || isPlaceholderUrl(url)) {
    const reason = url && isPlaceholderUrl(url) ? t('detail.uploadDisabled') : undefined;
    return (
      <div
        className={`${className} event-image--placeholder`}
        role="img"
        aria-label={reason ?? t('detail.imageUnavailable')}
      >
        <span aria-hidden="true">📅</span>
        {reason && <small>{reason}</small>}
      </div>
    );
  }
  return <img className={className} src={url} alt={alt} onError={() => setBroken(true)} />;
}
