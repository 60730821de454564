import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Lightbox, type GalleryImage } from './Lightbox';
import { ImageOffIcon } from './icons';
import { MediaImage } from './MediaImage';

/** Thumbnails that open the lightbox at the chosen image. */
export function Gallery({ images }: { images: GalleryImage[] }) {
  const { t } = useTranslation('ui');
  const [index, setIndex] = useState<number | null>(null);
  return (
    <>
      <div className="gallery">
        {images.map((image, i) => (
          <button
            key={`${image.url}-${i}`}
            type="button"
            className="gallery__thumb"
            onClick={() => setIndex(i)}
            aria-label={t('openImage', { number: i + 1 })}
          >
            <MediaImage
              src={image.url}
              alt={image.caption ?? ''}
              className="gallery__image"
              icon={<ImageOffIcon size={28} />}
              loading="lazy"
            />
          </button>
        ))}
      </div>
      <Lightbox
        images={images}
        index={index}
        onIndexChange={setIndex}
        onClose={() => setIndex(null)}
      />
    </>
  );
}
