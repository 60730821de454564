import { Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Roles } from '../../common/auth/auth.decorators';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { PageQueryDto } from '../../common/pagination/pagination';
import { IdPipe } from '../../common/validation/uuid.pipe';
import { emailNotFound, MailErrorCode } from '../mail/mail.errors';
import { FailedEmailListDto, RetriedEmailDto } from './failed-emails.dto';
import { FailedEmailsService } from './failed-emails.service';
import { SystemDto } from './system.dto';
import { SystemService } from './system.service';

@ApiTags('system')
@Controller('admin/system')
export class SystemController {
  constructor(
    private readonly system: SystemService,
    private readonly failedEmails: FailedEmailsService,
  ) {}

  @Get()
  @Roles('admin')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'The System view: database, Redis, SMTP and object store probes, the queue by state, the outbox backlog and its oldest age, and the replica that answered (admins)',
  })
  @ApiOkResponse({ type: SystemDto })
  state(): Promise<SystemDto> {
    return this.system.state();
  }

  @Get('failed-emails')
  @Roles('admin')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'Emails whose last attempt failed, newest first, with the SMTP error and attempts (admins)',
  })
  @ApiOkResponse({ type: FailedEmailListDto })
  failed(@Query() query: PageQueryDto): Promise<FailedEmailListDto> {
    return this.failedEmails.list(query);
  }

  @Post('failed-emails/:id/retry')
  @Roles('admin')
  @HttpCode(200)
  @ApiErrors({
    404: [MailErrorCode.EMAIL_NOT_FOUND],
    409: [MailErrorCode.EMAIL_NOT_FAILED],
  })
  @ApiOperation({
    summary:
      'Puts a failed email back in the outbox; it is sent through the queue like a new one, and the retry is audited (admins)',
  })
  @ApiOkResponse({ type: RetriedEmailDto })
  retry(
    @CurrentUser() admin: AuthUser,
    @Param('id', new IdPipe(emailNotFound)) id: string,
  ): Promise<RetriedEmailDto> {
    return this.failedEmails.retry(admin, id);
  }
}
