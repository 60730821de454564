import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account/account-data-registry';
import { AuthUser } from '../../common/auth/auth.decorators';
import { AppException } from '../../common/errors/app-exception';
import { normaliseEmail } from '../../common/email';
import { paginated, pageWindow } from '../../common/pagination/pagination';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../db/transactions';
import { MailService } from '../mail/mail.service';
import { NotificationKind } from '../notifications/notification-kinds';
import { NotificationsService } from '../notifications/notifications.service';
import { CoursesService } from './courses.service';
import {
  EnrollDto,
  EnrollmentDto,
  EnrollmentListDto,
  EnrollmentQueryDto,
  ENROLLMENT_MESSAGES,
  toEnrollmentDto,
  toStudentEnrollmentDto,
  UpdateEnrollmentStatusDto,
} from './enrollments.dto';
import { EnrollmentsRepository, isUniqueViolation } from './enrollments.repository';
import { enrollmentNotFound, TutorialsErrorCode } from './tutorials.errors';
import { EnrollmentRow, EnrollmentStatus, enrollments } from './tutorials.schema';

/** Spec section 9: the enrollment manager's page size. */
export const ENROLLMENT_PAGE_SIZE = 10;

const alreadyOpen = (msg: string) =>
  AppException.conflict(msg, TutorialsErrorCode.ENROLLMENT_EXISTS);

/** Members apply to courses; admins review the applications and the student hears by email. */
@Injectable()
export class EnrollmentsService implements OnModuleInit {
  constructor(
    private readonly enrollments: EnrollmentsRepository,
    private readonly courses: CoursesService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accountData: AccountDataRegistry,
    private readonly transactions: Transactions,
    private readonly notifications: NotificationsService,
  ) {}

  onModuleInit(): void {
    // An enrollment holds the student's address and phone: it goes with the account.
    this.accountData.register({
      key: 'enrollments',
      tables: [enrollments],
      export: (owner) => this.enrollments.ofUser(owner.id),
      erase: (owner) => this.enrollments.deleteOfUser(owner.id),
    });
  }

  async enroll(member: AuthUser, dto: EnrollDto): Promise<EnrollmentDto> {
    const course = await this.courses.findOffered(dto.course);
    if (!course) {
      throw AppException.badRequest(
        'This course is not available for enrollment',
        TutorialsErrorCode.COURSE_NOT_AVAILABLE,
        [{ field: 'course', msg: ENROLLMENT_MESSAGES.course }],
      );
    }
    const row = await this.enrollments.create({
      userId: member.id,
      courseId: course.id,
      courseName: course.name,
      fullName: dto.fullName,
      email: normaliseEmail(dto.email),
      address: dto.address,
      city: dto.city,
      telephone: dto.telephone,
    });
    if (!row) {
      throw alreadyOpen(
        'You already have an open enrollment for this course. We will contact you about it soon.',
      );
    }
    return toStudentEnrollmentDto(row);
  }

  async mine(member: AuthUser): Promise<EnrollmentDto[]> {
    return (await this.enrollments.byUser(member.id)).map(toStudentEnrollmentDto);
  }

  async list(query: EnrollmentQueryDto): Promise<EnrollmentListDto> {
    const window = pageWindow(query, ENROLLMENT_PAGE_SIZE);
    const { rows, total } = await this.enrollments.list(
      {
        status: query.status || undefined,
        course: query.course || undefined,
        search: query.search || undefined,
      },
      window,
    );
    return paginated('enrollments', rows.map(toEnrollmentDto), total, window);
  }

  /**
   * Any status may follow any other (spec section 4). A rejection needs a reason, which is
   * cleared on any other status; the student is emailed whenever the status changes to a decision.
   */
  async updateStatus(id: string, dto: UpdateEnrollmentStatusDto): Promise<EnrollmentDto> {
    const rejected = dto.status === EnrollmentStatus.rejected;
    if (rejected && !dto.rejectionReason) {
      const msg = 'Please give a reason for the rejection';
      throw AppException.badRequest(msg, TutorialsErrorCode.REJECTION_REASON_REQUIRED, [
        { field: 'rejectionReason', msg },
      ]);
    }
    // Two admins (or a double click) deciding at once take turns on the row: the second sees the
    // first one's status, so the student is emailed once per change, never for a stale one.
    const row = await this.transactions.run(async () => {
      const current = await this.enrollments.lockById(id);
      if (!current) throw enrollmentNotFound();
      let updated: EnrollmentRow | undefined;
      try {
        updated = await this.enrollments.update(id, {
          status: dto.status,
          rejectionReason: rejected ? dto.rejectionReason : null,
          adminNotes: dto.adminNotes === undefined ? undefined : dto.adminNotes || null,
        });
      } catch (error) {
        // Reopening an application while the member has another open one for the same course.
        if (isUniqueViolation(error)) {
          throw alreadyOpen('This member already has an open enrollment for this course.');
        }
        throw error;
      }
      if (!updated) throw enrollmentNotFound();
      const changed = updated.status !== current.status;
      // The decision, its notice and its email commit together (ADR 0060).
      if (changed && updated.status !== EnrollmentStatus.pending) await this.notifyStudent(updated);
      return updated;
    });
    return toEnrollmentDto(row);
  }

  private async notifyStudent(row: EnrollmentRow): Promise<void> {
    await this.notifications.notify({
      userId: row.userId,
      kind: NotificationKind.enrollmentStatus,
      target: { type: 'tutorials' },
      data: { title: row.courseName, status: row.status, reason: row.rejectionReason },
      email: (unsubscribe) =>
        this.mail.send(
          'enrollmentDecision',
          row.email,
          {
            name: row.fullName,
            courseName: row.courseName,
            status: row.status,
            rejectionReason: row.rejectionReason,
            tutorialsUrl: `${this.config.publicUrl}/tutorials`,
          },
          { unsubscribe },
        ),
    });
  }
}
