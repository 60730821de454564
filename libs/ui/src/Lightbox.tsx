import { useCallback, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { MediaImage } from './MediaImage';
import { useFocusTrap } from './useFocusTrap';

export interface GalleryImage {
  url: string;
  caption?: string;
}

interface LightboxProps {
  images: GalleryImage[];
  /** Index of the image shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** Full-screen image viewer: Escape closes, arrow keys and buttons navigate. */
export function Lightbox({ images, index, onIndexChange, onClose }: LightboxProps) {
  const { t } = useTranslation('ui');
  const container = useRef<HTMLDivElement>(null);
  const open = index !== null && images.length > 0;
  useFocusTrap(container, open, onClose);

  const step = useCallback(
    (delta: number) => {
      if (index === null) return;
      onIndexChange((index + delta + images.length) % images.length);
    },
    [index, images.length, onIndexChange],
  );

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') step(-1);
      if (event.key === 'ArrowRight') step(1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, step]);

  if (!open) return null;
  const image = images[index];
  return createPortal(
    <div
      ref={container}
      className="lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={t('imageViewer')}
    >
      <button
        type="button"
        className="btn btn--ghost lightbox__close"
        onClick={onClose}
        aria-label={t('close')}
      >
        ×
      </button>
      <button
        type="button"
        className="btn btn--ghost"
        onClick={() => step(-1)}
        aria-label={t('previousImage')}
        disabled={images.length < 2}
      >
        ‹
      </button>
      <figure className="lightbox__figure">
        <MediaImage className="lightbox__image" src={image.url} alt={image.caption ?? ''} />
        {/* Polite: a reader who pressed an arrow hears which image came up. */}
        <figcaption aria-live="polite">
          {image.caption && <span>{image.caption} · </span>}
          {t('imageCount', { current: index + 1, total: images.length })}
        </figcaption>
      </figure>
      <button
        type="button"
        className="btn btn--ghost"
        onClick={() => step(1)}
        aria-label={t('nextImage')}
        disabled={images.length < 2}
      >
        ›
      </button>
    </div>,
    document.body,
  );
}
