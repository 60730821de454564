import type { Listing } from '@diaspora/api-client';
import { countryText, listText, Modal } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/formatDate';

/** Spec: basic info, contact, owner, status, submitted date and last updated date. */
export function ListingDetailsModal({
  listing,
  onClose,
}: {
  listing: Listing | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('directory');
  if (!listing) return null;
  const { contact } = listing;
  const address = listText(
    [
      contact.address.street,
      contact.address.city,
      contact.address.state,
      contact.address.postalCode,
      contact.address.country && countryText(contact.address.country, t),
    ],
    t,
  );
  return (
    <Modal open title={listing.name} onClose={onClose}>
      <dl className="moderation-details">
        <dt>{t('admin.type')}</dt>
        <dd>{t(`types.${listing.type}`)}</dd>
        <dt>{t('admin.category')}</dt>
        <dd>{t(`categories.${listing.category}`)}</dd>
        <dt>{t('admin.description')}</dt>
        <dd className="moderation-details__text">{listing.description}</dd>
        <dt>{t('form.email')}</dt>
        <dd>{contact.email ?? '–'}</dd>
        <dt>{t('form.phone')}</dt>
        <dd>{contact.phone ?? '–'}</dd>
        <dt>{t('form.website')}</dt>
        <dd>{contact.website ?? '–'}</dd>
        <dt>{t('detail.address')}</dt>
        <dd>{address}</dd>
        <dt>{t('admin.owner')}</dt>
        <dd>
          {listing.owner.name} ({listing.owner.email})
        </dd>
        <dt>{t('admin.status')}</dt>
        <dd>
          {t(`statuses.${listing.status}`)}
          {listing.rejectionReason && ` – ${listing.rejectionReason}`}
        </dd>
        <dt>{t('admin.submitted')}</dt>
        <dd>{formatDateTime(listing.createdAt, i18n.language)}</dd>
        <dt>{t('admin.updated')}</dt>
        <dd>{formatDateTime(listing.updatedAt, i18n.language)}</dd>
      </dl>
    </Modal>
  );
}
