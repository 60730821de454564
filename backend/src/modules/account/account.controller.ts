import { Body, Controller, Delete, Get, HttpCode, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser, CurrentUser, Member } from '../../common/auth/auth.decorators';
import { AuthErrorCode } from '../auth/auth.errors';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { AccountDeletedDto, DeleteAccountDto } from './account.dto';
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
      'Delete my account (password confirmed): personal data erased; comments stay by a deleted member (author null, authorDeleted true); tickets stay without personal data',
  })
  @ApiOkResponse({ type: AccountDeletedDto })
  @ApiErrors({
    400: [AccountErrorCode.ACCOUNT_PASSWORD_INCORRECT],
    409: [AccountErrorCode.LAST_ADMIN],
    429: [AuthErrorCode.LOGIN_BACKOFF],
  })
  async remove(
    @CurrentUser() user: AuthUser,
    @Body() dto: DeleteAccountDto,
  ): Promise<AccountDeletedDto> {
    await this.account.delete(user, dto.password);
    return { msg: 'Your account has been deleted' };
  }
}
