import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public, Roles } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { IdPipe } from '../../common/validation/uuid.pipe';
import {
  ContactMessageDto,
  ContactMessageListDto,
  ContactQueryDto,
  ContactResponseDto,
  CreateContactDto,
  UpdateContactStatusDto,
} from './contact.dto';
import { ContactService } from './contact.service';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { ContactErrorCode, contactMessageNotFound } from './contact.errors';
import { KeepsReadCache } from '../../common/cache/http-caching';

const messageId = new IdPipe(contactMessageNotFound);

@ApiTags('contact')
// The email's codes (ContactEmailCode) are not error answers: a message is saved and
// answered 201, with the email's fate in `emailError` beside it.
@ApiErrors({ 404: [ContactErrorCode.CONTACT_MESSAGE_NOT_FOUND] })
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @KeepsReadCache()
  @Public()
  @RateLimit('contact')
  @ApiOperation({
    summary: 'Send a message to the admins: saved first, then emailed through the outbox',
  })
  @ApiCreatedResponse({ type: ContactResponseDto })
  @ApiTooManyRequestsResponse({ description: 'Too many messages from this address' })
  send(@Body() dto: CreateContactDto): Promise<ContactResponseDto> {
    return this.contact.send(dto);
  }

  @Get('messages')
  @Roles('admin')
  @ApiOperation({ summary: 'Contact messages, newest first, with their email status (admins)' })
  @ApiOkResponse({ type: ContactMessageListDto })
  list(@Query() query: ContactQueryDto): Promise<ContactMessageListDto> {
    return this.contact.list(query);
  }

  @Put('messages/:id/status')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Mark a message new, read or handled (admins; audited)' })
  @ApiOkResponse({ type: ContactMessageDto })
  setStatus(
    @CurrentUser() admin: AuthUser,
    @Param('id', messageId) id: string,
    @Body() dto: UpdateContactStatusDto,
  ): Promise<ContactMessageDto> {
    return this.contact.setStatus(admin, id, dto.status);
  }
}
