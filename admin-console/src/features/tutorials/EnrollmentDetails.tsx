import {
  ENROLLMENT_STATUSES,
  EnrollmentStatus,
  isApiRequestError,
  toEnrollmentStatus,
  type Enrollment,
} from '@diaspora/api-client';
import {
  Alert,
  FormActions,
  Modal,
  SelectField,
  TextAreaField,
  useFirstInvalidFocus,
} from '@diaspora/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/formatDate';
import { useUpdateEnrollmentStatus } from './useEnrollments';

interface EnrollmentDetailsProps {
  enrollment: Enrollment;
  /** The quick Reject button opens the modal with rejected chosen, since it needs a reason. */
  initialStatus?: EnrollmentStatus;
  courseName: string;
  onClose: () => void;
}

/** The details modal: the application, then status, admin notes and (when rejected) the reason. */
export function EnrollmentDetails({
  enrollment,
  initialStatus,
  courseName,
  onClose,
}: EnrollmentDetailsProps) {
  const { t, i18n } = useTranslation('tutorials');
  const update = useUpdateEnrollmentStatus();
  const [status, setStatus] = useState<EnrollmentStatus>(initialStatus ?? enrollment.status);
  const [adminNotes, setAdminNotes] = useState(enrollment.adminNotes ?? '');
  const [rejectionReason, setRejectionReason] = useState(enrollment.rejectionReason ?? '');
  const [reasonError, setReasonError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const { form, focusFirstInvalid } = useFirstInvalidFocus();
  const rejected = status === EnrollmentStatus.rejected;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    if (rejected && !rejectionReason.trim()) {
      setReasonError(t('admin.details.reasonRequired'));
      focusFirstInvalid();
      return;
    }
    update.mutate(
      {
        id: enrollment._id,
        update: { status, adminNotes, ...(rejected ? { rejectionReason } : {}) },
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          const reason = isApiRequestError(error)
            ? error.body.errors?.find((item) => item.field === 'rejectionReason')
            : undefined;
          if (reason) {
            setReasonError(t('admin.details.reasonRequired'));
            focusFirstInvalid();
          } else setFailure(t('admin.updateFailed'));
        },
      },
    );
  };

  const facts: Array<[string, string]> = [
    [t('admin.details.student'), enrollment.fullName],
    [t('admin.details.email'), enrollment.email],
    [t('admin.details.telephone'), enrollment.telephone],
    [t('admin.details.address'), enrollment.address],
    [t('admin.details.city'), enrollment.city],
    [t('admin.details.course'), courseName],
    [t('admin.details.applied'), formatDate(enrollment.createdAt, i18n.language)],
  ];

  return (
    <Modal open title={t('admin.details.title')} onClose={onClose}>
      <dl className="enrollment-details">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <form ref={form} onSubmit={submit} noValidate>
        {failure && <Alert tone="error">{failure}</Alert>}
        <SelectField
          label={t('admin.details.status')}
          value={status}
          options={ENROLLMENT_STATUSES}
          optionLabel={(option) => t(`status.${option}`)}
          onValueChange={(value) => setStatus(toEnrollmentStatus(value) ?? status)}
        />
        <TextAreaField
          label={t('admin.details.adminNotes')}
          rows={3}
          value={adminNotes}
          onValueChange={setAdminNotes}
        />
        {rejected && (
          <TextAreaField
            label={t('admin.details.rejectionReason')}
            hint={t('admin.details.reasonHint')}
            rows={3}
            required
            value={rejectionReason}
            error={reasonError}
            onValueChange={(value) => {
              setRejectionReason(value);
              setReasonError(undefined);
            }}
          />
        )}
        <FormActions
          className="button-row"
          submitLabel={t('admin.details.save')}
          cancelLabel={t('admin.details.cancel')}
          pending={update.isPending}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
