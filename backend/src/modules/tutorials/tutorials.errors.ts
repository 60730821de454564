import { AppException } from '../../common/errors/app-exception';

/** Error codes of the tutorials module (courses and enrollments), as clients switch on them. */
export enum TutorialsErrorCode {
  COURSE_NOT_FOUND = 'COURSE_NOT_FOUND',
  COURSE_NOT_AVAILABLE = 'COURSE_NOT_AVAILABLE',
  COURSE_EXISTS = 'COURSE_EXISTS',
  COURSE_HAS_ENROLLMENTS = 'COURSE_HAS_ENROLLMENTS',
  ENROLLMENT_NOT_FOUND = 'ENROLLMENT_NOT_FOUND',
  ENROLLMENT_EXISTS = 'ENROLLMENT_EXISTS',
  REJECTION_REASON_REQUIRED = 'REJECTION_REASON_REQUIRED',
}

/** A missing course id. */
export const courseNotFound = (): AppException =>
  AppException.notFound('Course not found', TutorialsErrorCode.COURSE_NOT_FOUND);

/** A missing or malformed enrollment id. */
export const enrollmentNotFound = (): AppException =>
  AppException.notFound('Enrollment not found', TutorialsErrorCode.ENROLLMENT_NOT_FOUND);
