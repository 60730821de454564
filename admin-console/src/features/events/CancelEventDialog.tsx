import { Alert, apiErrorText, BusyButton, Modal } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import type { AdminEvent } from './eventFormModel';
import { useCancelEvent } from './useAdminEvents';

/**
 * Asks before cancelling an event (the API takes no reason): every paid ticket is refunded and
 * the members going or waiting are emailed. The dialog traps focus; Escape keeps the event.
 */
export function CancelEventDialog({
  event,
  onCancelled,
  onClose,
}: {
  event: AdminEvent | undefined;
  onCancelled: (event: AdminEvent, refundedTickets: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('eventCancel');
  const cancel = useCancelEvent();
  if (!event) return null;
  const close = () => {
    cancel.reset();
    onClose();
  };
  const confirm = () =>
    cancel.mutate(event._id, {
      onSuccess: (result) => {
        cancel.reset();
        onCancelled(event, result.refundedTickets);
      },
    });
  return (
    <Modal open title={t('title', { title: event.title })} onClose={close}>
      <p>{t(event.isFree ? 'explainFree' : 'explainPaid')}</p>
      {cancel.isError && <Alert tone="error">{apiErrorText(cancel.error, t, t('failed'))}</Alert>}
      <div className="cancel-event__actions">
        <button type="button" className="btn btn--ghost" onClick={close}>
          {t('keep')}
        </button>
        <BusyButton
          type="button"
          className="btn btn--danger"
          busy={cancel.isPending}
          onClick={confirm}
        >
          {cancel.isPending ? t('cancelling') : t('confirm')}
        </BusyButton>
      </div>
    </Modal>
  );
}
