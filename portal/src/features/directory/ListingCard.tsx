import type { Listing } from '@diaspora/api-client';
import { Badge, BuildingIcon, CardSkeleton, countryText, listText, MediaImage } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A card of the directory list (its title an h2, under the page's h1); the name links to /directory/:id. */
export function ListingCard({ listing, showStatus }: { listing: Listing; showStatus: boolean }) {
  const { t } = useTranslation('directory');
  const { city, country } = listing.contact.address;
  const place = listText([city, country && countryText(country, t)], t);
  return (
    <article className="listing-card content-card card" data-testid="listing-card">
      <MediaImage
        src={listing.logoThumbnail ?? listing.logo}
        alt={t('logoOf', { name: listing.name })}
        className="listing-card__logo"
        icon={<BuildingIcon />}
      />
      <div className="listing-card__badges content-card__badges">
        <Badge tone="primary">{t(`types.${listing.type}`)}</Badge>
        {showStatus && (
          <Badge tone={listing.status === 'rejected' ? 'danger' : 'neutral'}>
            {t(`statuses.${listing.status}`)}
          </Badge>
        )}
        {listing.verified && <Badge tone="accent">{t('verified')}</Badge>}
        {listing.featured && <Badge tone="accent">{t('featured')}</Badge>}
      </div>
      <h2 className="listing-card__title content-card__title">
        <Link to={`/directory/${listing._id}`}>{listing.name}</Link>
      </h2>
      <p className="listing-card__meta">
        <span>{t(`categories.${listing.category}`)}</span>
        {place && (
          <>
            <span aria-hidden="true"> · </span>
            <span>{place}</span>
          </>
        )}
      </p>
      <p className="listing-card__description">{listing.description}</p>
      {listing.tags.length > 0 && (
        <ul className="listing-tags" aria-label={t('detail.tags')}>
          {listing.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      )}
    </article>
  );
}

export function ListingCardSkeleton() {
  return (
    <CardSkeleton
      className="listing-card"
      imageClassName="listing-card__logo"
      testId="listing-skeleton"
      bodyHeight={48}
    />
  );
}
