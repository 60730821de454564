import { mediaCrossOrigin, mediaUrl } from '@diaspora/api-client';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageOffIcon } from './icons';
import { isPlaceholderHost } from './media';

interface MediaImageProps {
  src: string | null | undefined;
  alt: string;
  /** Classes of the image, and of the placeholder that takes its place. */
  className?: string;
  /** Extra classes of the placeholder only. */
  missingClassName?: string;
  /** The placeholder's icon; a crossed-out picture by default. */
  icon?: ReactNode;
  loading?: 'lazy' | 'eager';
}

/**
 * An image, or in its place a placeholder icon with a visible reason (spec section 8): no URL
 * or a failed load reads Image not available; a placeholder-host URL reads Upload disabled.
 * Uploaded paths load from the API's origin (mediaUrl), wherever this page is served.
 */
export function MediaImage({
  src,
  alt,
  className = '',
  missingClassName = '',
  icon,
  loading,
}: MediaImageProps) {
  const { t } = useTranslation('ui');
  // The URL that failed, so a component reused for another image (the lightbox) tries again.
  const [failed, setFailed] = useState<string | null>(null);
  const placeholder = isPlaceholderHost(src);
  if (!src || placeholder || failed === src) {
    return (
      <div className={`media-missing ${className} ${missingClassName}`.trim()}>
        <span className="media-missing__icon" aria-hidden="true">
          {icon ?? <ImageOffIcon />}
        </span>
        <span className="media-missing__text">
          {placeholder ? t('uploadDisabled') : t('imageUnavailable')}
        </span>
      </div>
    );
  }
  const url = mediaUrl(src);
  return (
    <img
      className={className || undefined}
      src={url}
      crossOrigin={mediaCrossOrigin(url)}
      alt={alt}
      loading={loading}
      onError={() => setFailed(src)}
    />
  );
}
