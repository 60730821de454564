import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Member, Roles } from '../../common/auth/auth.decorators';
import { VerifiedEmail } from '../auth/verified-email';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { IdPipe } from '../../common/validation/uuid.pipe';
import {
  EnrollDto,
  EnrollmentDto,
  EnrollmentListDto,
  EnrollmentQueryDto,
  UpdateEnrollmentStatusDto,
} from './enrollments.dto';
import { EnrollmentsService } from './enrollments.service';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { enrollmentNotFound, TutorialsErrorCode } from './tutorials.errors';

const enrollmentId = new IdPipe(enrollmentNotFound);

@ApiTags('tutorials')
@ApiErrors({
  400: [TutorialsErrorCode.REJECTION_REASON_REQUIRED, TutorialsErrorCode.COURSE_NOT_AVAILABLE],
  404: [TutorialsErrorCode.ENROLLMENT_NOT_FOUND, TutorialsErrorCode.COURSE_NOT_FOUND],
  409: [TutorialsErrorCode.ENROLLMENT_EXISTS],
})
@Controller('tutorials')
export class EnrollmentsController {
  constructor(private readonly enrollments: EnrollmentsService) {}

  @Post('enroll')
  @Member()
  @VerifiedEmail()
  @RateLimit('writes')
  @ApiOperation({ summary: 'Apply to a course (members; one open enrollment per course)' })
  @ApiCreatedResponse({ type: EnrollmentDto })
  enroll(@CurrentUser() user: AuthUser, @Body() dto: EnrollDto): Promise<EnrollmentDto> {
    return this.enrollments.enroll(user, dto);
  }

  @Get('my-enrollments')
  @Member()
  @ApiOperation({ summary: "The caller's own enrollments, newest first" })
  @ApiOkResponse({ type: [EnrollmentDto] })
  mine(@CurrentUser() user: AuthUser): Promise<EnrollmentDto[]> {
    return this.enrollments.mine(user);
  }

  @Get('enrollments')
  @Roles('admin')
  @ApiOperation({ summary: 'Enrollments, newest first; status, course and name/email search' })
  @ApiOkResponse({ type: EnrollmentListDto })
  list(@Query() query: EnrollmentQueryDto): Promise<EnrollmentListDto> {
    return this.enrollments.list(query);
  }

  @Put('enrollments/:id/status')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Decide on an enrollment; the student is emailed (admins)' })
  @ApiOkResponse({ type: EnrollmentDto })
  updateStatus(
    @Param('id', enrollmentId) id: string,
    @Body() dto: UpdateEnrollmentStatusDto,
  ): Promise<EnrollmentDto> {
    return this.enrollments.updateStatus(id, dto);
  }
}
