import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsEnum, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { PageQueryDto } from '../../common/pagination/pagination';
import { IsOptionalBlank, OptionalText } from '../../common/validation/text.decorators';
import { EnrollmentRow, EnrollmentStatus, ENROLLMENT_STATUSES } from './tutorials.schema';

const trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/**
 * Spec section 5: one message per field whatever is wrong with it (missing, not text, too short),
 * so the form can show the server's answer where its own check would have. Checks run in order.
 */
const MinText = (min: number, max: number, message: string, label: string) =>
  applyDecorators(
    trim(),
    IsString({ message }),
    MinLength(min, { message }),
    MaxLength(max, { message: `${label} must be at most ${max} characters` }),
  );

/** Spec section 5's enrollment messages, word for word. */
export const ENROLLMENT_MESSAGES = {
  fullName: 'Full name must be at least 2 characters',
  address: 'Address must be at least 10 characters',
  city: 'City must be at least 2 characters',
  telephone: 'Telephone must be at least 10 characters',
  email: 'Please enter a valid email address',
  course: 'Please select a course',
} as const;

const CourseField = () =>
  applyDecorators(
    trim(),
    IsString({ message: ENROLLMENT_MESSAGES.course }),
    IsNotEmpty({ message: ENROLLMENT_MESSAGES.course }),
    MaxLength(60, { message: ENROLLMENT_MESSAGES.course }),
  );

const EmailField = () =>
  applyDecorators(
    trim(),
    IsString({ message: ENROLLMENT_MESSAGES.email }),
    IsEmail({}, { message: ENROLLMENT_MESSAGES.email }),
    MaxLength(254, { message: 'Email must be at most 254 characters' }),
  );

export class EnrollDto {
  @ApiProperty({ description: 'The course id (slug), e.g. math-grade-5-12' })
  @CourseField()
  course: string;

  @ApiPropertyOptional({
    description: "Accepted for the spec's client; the stored name is the course's own",
  })
  @OptionalText('Course name', 200)
  courseName?: string;

  @ApiProperty({ minLength: 2 })
  @MinText(2, 100, ENROLLMENT_MESSAGES.fullName, 'Full name')
  fullName: string;

  @ApiProperty({ minLength: 10 })
  @MinText(10, 300, ENROLLMENT_MESSAGES.address, 'Address')
  address: string;

  @ApiProperty({ minLength: 2 })
  @MinText(2, 100, ENROLLMENT_MESSAGES.city, 'City')
  city: string;

  @ApiProperty({ minLength: 10 })
  @MinText(10, 30, ENROLLMENT_MESSAGES.telephone, 'Telephone')
  telephone: string;

  @ApiProperty()
  @EmailField()
  email: string;
}

export class EnrollmentQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: EnrollmentStatus, enumName: 'EnrollmentStatus' })
  @IsOptionalBlank()
  @IsEnum(EnrollmentStatus, {
    message: `status must be one of ${ENROLLMENT_STATUSES.join(', ')}`,
  })
  status?: EnrollmentStatus;

  @ApiPropertyOptional({ description: 'A course id' })
  @OptionalText('course', 60)
  course?: string;

  @ApiPropertyOptional({ description: "Part of the student's name or email" })
  @OptionalText('search', 200)
  search?: string;
}

export class UpdateEnrollmentStatusDto {
  @ApiProperty({ enum: EnrollmentStatus, enumName: 'EnrollmentStatus' })
  @IsEnum(EnrollmentStatus, {
    message: `Status must be one of ${ENROLLMENT_STATUSES.join(', ')}`,
  })
  status: EnrollmentStatus;

  @ApiPropertyOptional({ description: 'Notes for admins; an empty string clears them' })
  @OptionalText('Admin notes', 2000)
  adminNotes?: string;

  @ApiPropertyOptional({ description: 'Required when the status is rejected; told to the student' })
  @OptionalText('Rejection reason', 1000)
  rejectionReason?: string;
}

export class EnrollmentDto {
  @ApiProperty() _id: string;
  @ApiProperty({ description: 'The course id' }) course: string;
  @ApiProperty() courseName: string;
  @ApiProperty() fullName: string;
  @ApiProperty() email: string;
  @ApiProperty() address: string;
  @ApiProperty() city: string;
  @ApiProperty() telephone: string;
  @ApiProperty({ enum: EnrollmentStatus, enumName: 'EnrollmentStatus' }) status: EnrollmentStatus;
  @ApiProperty({ nullable: true, type: String }) adminNotes: string | null;
  @ApiProperty({ nullable: true, type: String }) rejectionReason: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

export class EnrollmentListDto {
  @ApiProperty({ type: [EnrollmentDto] }) enrollments: EnrollmentDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() totalPages: number;
}

/** The student's own view: the admins' notes are theirs (the rejection reason is told). */
export function toStudentEnrollmentDto(row: EnrollmentRow): EnrollmentDto {
  return { ...toEnrollmentDto(row), adminNotes: null };
}

export function toEnrollmentDto(row: EnrollmentRow): EnrollmentDto {
  return {
    _id: row.id,
    course: row.courseId,
    courseName: row.courseName,
    fullName: row.fullName,
    email: row.email,
    address: row.address,
    city: row.city,
    telephone: row.telephone,
    status: row.status,
    adminNotes: row.adminNotes,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
