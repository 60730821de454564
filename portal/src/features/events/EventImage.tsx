import { MediaImage } from '@diaspora/ui';

interface EventImageProps {
  url: string | null | undefined;
  className: string;
  alt?: string;
}

/**
 * An event image, or the placeholder icon with a visible reason when there is none, it fails to
 * load or it comes from a placeholder host (spec 8).
 */
export function EventImage({ url, className, alt = '' }: EventImageProps) {
  return (
    <MediaImage
      src={url}
      alt={alt}
      className={className}
      missingClassName="event-image--placeholder"
    />
  );
}
