import type { Course } from '@diaspora/api-client';
import { courseText, Modal } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { EnrollmentForm } from './EnrollmentForm';

interface EnrollmentDialogProps {
  /** The course whose card was clicked; no dialog without one. */
  course: Course | undefined;
  onClose: () => void;
  onEnrolled: () => void;
}

export function EnrollmentDialog({ course, onClose, onEnrolled }: EnrollmentDialogProps) {
  const { t, i18n } = useTranslation('tutorials');
  return (
    <Modal
      open={Boolean(course)}
      title={course ? t('form.title', { course: courseText(course, i18n.language).name }) : ''}
      onClose={onClose}
    >
      {course && (
        <EnrollmentForm
          key={course.id}
          course={course}
          onEnrolled={onEnrolled}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
