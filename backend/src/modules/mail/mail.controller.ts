import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/auth.decorators';
import { MailMessageListDto, MailQueryDto } from './mail.dto';
import { MailService } from './mail.service';

@ApiTags('mail')
@Controller('mail')
export class MailController {
  constructor(private readonly mail: MailService) {}

  @Get('messages')
  @Roles('admin')
  @ApiOperation({
    summary:
      'Recorded emails, newest first, with their status and links; one-time links are marked secret (admins)',
  })
  @ApiOkResponse({ type: MailMessageListDto })
  list(@Query() query: MailQueryDto): Promise<MailMessageListDto> {
    return this.mail.list(query);
  }
}
