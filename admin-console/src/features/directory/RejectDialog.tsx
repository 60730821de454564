import type { Listing } from '@diaspora/api-client';
import { Modal, TextAreaField } from '@diaspora/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks for an optional reason, which the owner reads in the rejection email. */
export function RejectDialog({ listing, ...props }: RejectDialogProps & { listing?: Listing }) {
  // Mounted per opening, so a reason typed and cancelled is never sent to the next owner.
  return listing ? <RejectForm listing={listing} {...props} /> : null;
}

interface RejectDialogProps {
  onReject: (reason: string) => void;
  onClose: () => void;
}

function RejectForm({ listing, onReject, onClose }: RejectDialogProps & { listing: Listing }) {
  const { t } = useTranslation('directory');
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onReject(reason);
  };
  return (
    <Modal open title={t('admin.rejectTitle', { name: listing.name })} onClose={onClose}>
      <form onSubmit={submit} className="reject-form">
        <TextAreaField
          label={t('admin.reason')}
          hint={t('admin.reasonHint')}
          rows={3}
          maxLength={1000}
          value={reason}
          onValueChange={setReason}
        />
        <div className="reject-form__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('admin.cancel')}
          </button>
          <button type="submit" className="btn btn--danger">
            {t('admin.confirmReject')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
