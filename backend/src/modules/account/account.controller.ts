import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser, CurrentUser, Member, Public } from '../../common/auth/auth.decorators';
import { AuthErrorCode } from '../auth/auth.errors';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import {
  AccountDeletedDto,
  AccountDeletionLinkSentDto,
  ConfirmAccountDeletionDto,
  DeleteAccountDto,
} from './account.dto';
import { AccountErrorCode } from './account.errors';
import { AccountService } from './account.service';
import { BeforeProfileComplete } from '../auth/complete-profile';

@ApiTags('users')
@Controller('users/me')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Get('export')
  @Member()
  @BeforeProfileComplete()
  @ApiOperation({
    summary:
      'Download everything kept about me as a JSON file: profile, RSVPs, tickets, comments, reactions, listings, enrollments, contact messages, emails',
  })
  @ApiProduces('application/json')
  @ApiOkResponse({ description: 'A JSON file (Content-Disposition: attachment)' })
  async export(@CurrentUser() user: AuthUser, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.account.export(user);
    const day = file.exportedAt.slice(0, 10);
    await reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="my-data-${day}.json"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(file, null, 2));
  }

  @Delete()
  @Member()
  @BeforeProfileComplete()
  // Each attempt checks a password: limited like sign-in.
  @RateLimit('login')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Delete my account (password confirmed; without a password, 202 and an emailed link confirms): personal data erased; comments stay by a deleted member (author null, authorDeleted true); tickets stay without personal data',
  })
  @ApiOkResponse({ type: AccountDeletedDto })
  @ApiAcceptedResponse({
    type: AccountDeletionLinkSentDto,
    description: 'The account has no password: the link that deletes it was emailed',
  })
  @ApiErrors({
    400: [AccountErrorCode.ACCOUNT_PASSWORD_INCORRECT],
    409: [AccountErrorCode.LAST_ADMIN],
    429: [AuthErrorCode.LOGIN_BACKOFF],
  })
  async remove(
    @CurrentUser() user: AuthUser,
    @Body() dto: DeleteAccountDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AccountDeletedDto | AccountDeletionLinkSentDto> {
    if ((await this.account.delete(user, dto.password)) === 'deleted') return DELETED;
    reply.status(HttpStatus.ACCEPTED);
    return { msg: `We sent a link to ${user.email}: open it to delete your account` };
  }
}

const DELETED: AccountDeletedDto = { msg: 'Your account has been deleted' };

/** The emailed link that deletes an account without a password (its page posts the token). */
@ApiTags('users')
@Controller('auth')
export class AccountDeletionController {
  constructor(private readonly account: AccountService) {}

  @Post('confirm-account-deletion')
  @HttpCode(200)
  @Public()
  @RateLimit('login')
  @ApiOperation({
    summary: 'Delete my account from the link emailed to an account without a password',
  })
  @ApiOkResponse({ type: AccountDeletedDto })
  @ApiErrors({
    400: [AccountErrorCode.DELETION_LINK_INVALID],
    409: [AccountErrorCode.LAST_ADMIN],
  })
  async confirm(@Body() dto: ConfirmAccountDeletionDto): Promise<AccountDeletedDto> {
    await this.account.confirmDeletion(dto.token);
    return DELETED;
  }
}
