import type { Listing } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import {
  Alert,
  Badge,
  BuildingIcon,
  countryText,
  listText,
  Gallery,
  MediaImage,
  Spinner,
  useDocumentTitle,
  mailtoHref,
} from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CommentThread } from '../comments';
import { ReactionBar, useRecordView } from '../reactions';
import './directory.css';
import { SOCIAL_NETWORKS, WEEK_DAYS } from './listingForm';
import { ListingFormModal } from './ListingFormModal';
import { MemberOnlyNotice } from './MemberOnlyNotice';
import { ShareButton } from './ShareButton';
import { useListing } from './useDirectory';

/** Listing detail (spec 2): members only; a view is recorded on opening. */
export function ListingDetailPage() {
  const { id } = useParams();
  const { t } = useTranslation('directory');
  const { user, loading } = useSession();
  const query = useListing(id, Boolean(user));
  const recordedViews = useRecordView('directory', query.data?._id);
  useDocumentTitle(query.data?.name);

  if (loading || (user && query.isPending)) {
    return (
      <div className="container page-body">
        <Spinner label={t('detail.loading')} />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="container page-body">
        <MemberOnlyNotice
          title={t('detail.guestTitle')}
          text={t('detail.guestText')}
          loginLabel={t('detail.login')}
          joinLabel={t('detail.join')}
        />
      </div>
    );
  }
  if (query.isError || !query.data) {
    if (query.isError) console.warn('listing failed to load', query.error);
    return (
      <div className="container page-body listing-not-found">
        <h1>{t('detail.notFound')}</h1>
        <p role="alert">{t('detail.loadFailed')}</p>
        <Link className="btn" to="/directory">
          {t('detail.back')}
        </Link>
      </div>
    );
  }
  return (
    <ListingDetail
      listing={query.data}
      views={recordedViews ?? query.data.views}
      isOwner={query.data.owner._id === user._id}
    />
  );
}

const STATUS_TEXT = {
  approved: 'detail.statusApproved',
  pending: 'detail.statusPending',
} as const;

function ListingDetail({
  listing,
  views,
  isOwner,
}: {
  listing: Listing;
  views: number;
  isOwner: boolean;
}) {
  const { t } = useTranslation('directory');
  const [editing, setEditing] = useState(false);
  const [resubmitted, setResubmitted] = useState(false);
  // Owners edit and resubmit a listing while it is pending or rejected (not once approved).
  const editable = isOwner && listing.status !== 'approved';
  const hero = listing.images[0] ?? listing.logo;
  const hasHours = WEEK_DAYS.some((day) => listing.hours[day]);
  const social = SOCIAL_NETWORKS.flatMap((network) => {
    const value = listing.socialMedia[network];
    return value ? [{ network, value }] : [];
  });
  const { address } = listing.contact;
  const addressLine = listText(
    [address.street, address.city, address.state, address.postalCode],
    t,
  );
  const statusText =
    listing.status === 'approved' || listing.status === 'pending'
      ? STATUS_TEXT[listing.status]
      : 'detail.statusRejected';

  return (
    <>
      <section className="listing-hero">
        <MediaImage
          src={hero}
          alt={listing.name}
          className="listing-hero__image"
          icon={<BuildingIcon size={48} />}
        />
      </section>
      <div className="container page-body listing-detail">
        <div className="listing-detail__main">
          <div className="listing-detail__heading">
            <div className="listing-detail__badges">
              <Badge tone="primary">{t(`types.${listing.type}`)}</Badge>
              {listing.verified && <Badge tone="accent">{t('verified')}</Badge>}
              {listing.featured && <Badge tone="accent">{t('featured')}</Badge>}
            </div>
            <div className="listing-detail__actions">
              {editable && (
                <button type="button" className="btn" onClick={() => setEditing(true)}>
                  {t('detail.edit')}
                </button>
              )}
              <ShareButton title={listing.name} text={listing.description} />
            </div>
          </div>
          {resubmitted && (
            <Alert tone="success" onDismiss={() => setResubmitted(false)}>
              {t('submitted')}
            </Alert>
          )}
          <h1 className="listing-detail__name">{listing.name}</h1>
          <p className="listing-detail__category">{t(`categories.${listing.category}`)}</p>
          <p className="listing-detail__description">{listing.description}</p>
          <ReactionBar
            contentType="directory"
            contentId={listing._id}
            likes={listing.likes}
            dislikes={listing.dislikes}
            myReaction={listing.myReaction}
            views={views}
          />

          <section className="card listing-section">
            <h2>{t('detail.contact')}</h2>
            <dl className="listing-facts">
              {listing.contact.email && (
                <>
                  <dt>{t('form.email')}</dt>
                  <dd>
                    <a href={mailtoHref(listing.contact.email)}>{listing.contact.email}</a>
                  </dd>
                </>
              )}
              {listing.contact.phone && (
                <>
                  <dt>{t('form.phone')}</dt>
                  <dd>
                    <a href={`tel:${listing.contact.phone.replace(/[^+\d]/g, '')}`}>
                      {listing.contact.phone}
                    </a>
                  </dd>
                </>
              )}
              {listing.contact.website && (
                <>
                  <dt>{t('form.website')}</dt>
                  <dd>
                    <a href={listing.contact.website} target="_blank" rel="noopener noreferrer">
                      {listing.contact.website}
                    </a>
                  </dd>
                </>
              )}
              <dt>{t('detail.address')}</dt>
              <dd>
                {addressLine && <span className="listing-facts__line">{addressLine}</span>}
                <span>{countryText(address.country, t)}</span>
              </dd>
            </dl>
          </section>

          {hasHours && (
            <section className="card listing-section">
              <h2>{t('detail.hours')}</h2>
              <dl className="listing-facts listing-hours">
                {WEEK_DAYS.map((day) => (
                  <div key={day} className="listing-hours__day">
                    <dt>{t(`days.${day}`)}</dt>
                    <dd>{listing.hours[day] || t('detail.closed')}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}

          {social.length > 0 && (
            <section className="card listing-section">
              <h2>{t('detail.social')}</h2>
              <ul className="listing-social">
                {social.map(({ network, value }) => (
                  <li key={network}>
                    {/^https?:\/\//i.test(value) ? (
                      <a href={value} target="_blank" rel="noopener noreferrer">
                        {t(`networks.${network}`)}
                      </a>
                    ) : (
                      <span>
                        {t(`networks.${network}`)}: {value}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}

          {listing.images.length > 0 && (
            <section className="listing-section">
              <h2>{t('detail.gallery')}</h2>
              <Gallery images={listing.images.map((url) => ({ url, caption: listing.name }))} />
            </section>
          )}

          <section className="listing-section">
            <CommentThread contentType="directory" contentId={listing._id} />
          </section>
        </div>

        <aside className="listing-detail__side">
          <section className="card listing-section">
            <h2>{t('detail.listedBy')}</h2>
            <p className="listing-owner">
              <strong>{listing.owner.name}</strong>
              <a href={mailtoHref(listing.owner.email)}>{listing.owner.email}</a>
            </p>
          </section>

          {listing.tags.length > 0 && (
            <section className="card listing-section">
              <h2>{t('detail.tags')}</h2>
              <ul className="listing-tags">
                {listing.tags.map((tag) => (
                  <li key={tag}>{tag}</li>
                ))}
              </ul>
            </section>
          )}

          <section className="card listing-section" data-testid="listing-status">
            <h2>{t('detail.status')}</h2>
            <p>{t(statusText)}</p>
            {listing.status === 'rejected' && listing.rejectionReason && (
              <p>{t('detail.rejectionReason', { reason: listing.rejectionReason })}</p>
            )}
          </section>
        </aside>
      </div>
      {editable && (
        <ListingFormModal
          key={listing.updatedAt}
          listing={listing}
          open={editing}
          onClose={() => setEditing(false)}
          onSubmitted={() => {
            setEditing(false);
            setResubmitted(true);
          }}
        />
      )}
    </>
  );
}
