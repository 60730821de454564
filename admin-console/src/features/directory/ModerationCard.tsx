import type { Listing } from '@diaspora/api-client';
import { Badge, BuildingIcon, BusyButton, countryText, listText, MediaImage } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/formatDate';

export interface CardActions {
  onView: () => void;
  onApprove: () => void;
  onReject: () => void;
  onVerify: () => void;
  onFeature: () => void;
  onDelete: () => void;
  busy: boolean;
}

/** A moderation button: shown or not, its text key, what it does, its look. */
const action = (shown: boolean, text: string, onClick: () => void, tone = 'btn--secondary') => ({
  shown,
  text,
  onClick,
  className: ['btn', tone, 'btn--small'].filter(Boolean).join(' '),
});

const STATUS_TONE = { pending: 'neutral', approved: 'primary', rejected: 'danger' } as const;

/** One listing in the moderation panel: every field the spec lists, and the actions. */
export function ModerationCard({ listing, actions }: { listing: Listing; actions: CardActions }) {
  const { t, i18n } = useTranslation('directory');
  const { contact } = listing;
  const { city, country } = contact.address;
  const place = listText([city, country && countryText(country, t)], t);
  // Spec 4: Verify and Feature only turn the flag on.
  const moderation = [
    action(listing.status !== 'approved', 'admin.approve', actions.onApprove, ''),
    action(listing.status !== 'rejected', 'admin.reject', actions.onReject),
    action(!listing.verified, 'admin.verify', actions.onVerify),
    action(!listing.featured, 'admin.feature', actions.onFeature),
    action(true, 'admin.delete', actions.onDelete, 'btn--danger'),
  ];
  return (
    <article className="moderation-card card" aria-labelledby={`listing-${listing._id}`}>
      <div className="moderation-card__top">
        <MediaImage
          src={listing.logoThumbnail ?? listing.logo}
          alt={t('logoOf', { name: listing.name })}
          className="moderation-card__logo"
          icon={<BuildingIcon />}
        />
        <div className="moderation-card__badges">
          <Badge tone="primary">{t(`types.${listing.type}`)}</Badge>
          <Badge tone={STATUS_TONE[listing.status]}>{t(`statuses.${listing.status}`)}</Badge>
          {listing.verified && <Badge tone="accent">{t('verified')}</Badge>}
          {listing.featured && <Badge tone="accent">{t('featured')}</Badge>}
          <span className="moderation-card__images">
            {t('admin.imageCount', { count: listing.images.length })}
          </span>
        </div>
      </div>
      <h3 id={`listing-${listing._id}`} className="moderation-card__name">
        {listing.name}
      </h3>
      <p className="moderation-card__description">{listing.description}</p>
      <dl className="moderation-card__facts">
        <dt>{t('admin.category')}</dt>
        <dd>{t(`categories.${listing.category}`)}</dd>
        <dt>{t('admin.contact')}</dt>
        <dd>
          {[contact.email, contact.phone, contact.website, place].filter(Boolean).join(' · ')}
        </dd>
        <dt>{t('admin.owner')}</dt>
        <dd>
          {listing.owner.name} ({listing.owner.email})
        </dd>
        <dt>{t('admin.submitted')}</dt>
        <dd>{formatDate(listing.createdAt, i18n.language)}</dd>
      </dl>
      <div className="moderation-card__actions">
        {/* Each named with the listing ("Approve Abebe Coffee"): the panel holds many alike. */}
        <button
          type="button"
          id={`listing-${listing._id}-view`}
          aria-labelledby={`listing-${listing._id}-view listing-${listing._id}`}
          className="btn btn--secondary btn--small"
          onClick={actions.onView}
        >
          {t('admin.viewDetails')}
        </button>
        {moderation
          .filter((button) => button.shown)
          .map((button) => (
            <BusyButton
              key={button.text}
              type="button"
              id={`listing-${listing._id}-${button.text}`}
              aria-labelledby={`listing-${listing._id}-${button.text} listing-${listing._id}`}
              className={button.className}
              busy={actions.busy}
              onClick={button.onClick}
            >
              {t(button.text)}
            </BusyButton>
          ))}
      </div>
    </article>
  );
}
