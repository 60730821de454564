import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AuthUser, CurrentUser, Member, Public, Roles } from '../../common/auth/auth.decorators';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { IdPipe } from '../../common/validation/uuid.pipe';
import { userNotFound, UsersErrorCode } from '../users/users.errors';
import {
  ChangeEmailDto,
  ChangePasswordDto,
  EmailLinkDto,
  ForgotPasswordDto,
  LinkSentDto,
  ResetPasswordDto,
} from './account.dto';
import { AccountService } from './account.service';
import { AuthResponseDto } from './auth.dto';
import { AuthErrorCode } from './auth.errors';
import { KeepsReadCache } from '../../common/cache/http-caching';
import { BeforeProfileComplete } from './complete-profile';

const userId = new IdPipe(userNotFound);

/** Password reset, email verification and change, and ending sessions (issue 17). */
@ApiTags('auth')
@Controller()
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Post('auth/forgot-password')
  @KeepsReadCache()
  @HttpCode(202)
  @Public()
  @RateLimit('accountEmail')
  @ApiOperation({
    summary: 'Email a password reset link (202 whether or not the address has an account)',
  })
  @ApiAcceptedResponse({ description: 'If the address has an account, a link is on its way' })
  async forgotPassword(@Body() dto: ForgotPasswordDto): Promise<void> {
    await this.account.forgotPassword(dto.email);
  }

  @Post('auth/reset-password')
  @HttpCode(204)
  @Public()
  @RateLimit('login')
  @ApiOperation({ summary: 'Set a new password from a reset link; every session ends' })
  @ApiNoContentResponse({ description: 'Password changed; sign in with it' })
  @ApiErrors({ 400: [AuthErrorCode.RESET_LINK_INVALID, AuthErrorCode.PASSWORD_TOO_WEAK] })
  async resetPassword(@Body() dto: ResetPasswordDto): Promise<void> {
    await this.account.resetPassword(dto);
  }

  @Post('auth/verify-email')
  @HttpCode(204)
  @Public()
  @RateLimit('login')
  @ApiOperation({ summary: 'Confirm the email address from the emailed link' })
  @ApiNoContentResponse({ description: 'Email address confirmed' })
  @ApiErrors({ 400: [AuthErrorCode.EMAIL_LINK_INVALID] })
  async verifyEmail(@Body() dto: EmailLinkDto): Promise<void> {
    await this.account.verifyEmail(dto.token);
  }

  @Post('auth/resend-verification')
  @KeepsReadCache()
  @HttpCode(202)
  @Member()
  @BeforeProfileComplete()
  @RateLimit('accountEmail')
  @ApiOperation({ summary: 'Send the email verification link again' })
  @ApiAcceptedResponse({ description: 'A new link is on its way (older links stop working)' })
  @ApiErrors({ 409: [AuthErrorCode.EMAIL_ALREADY_VERIFIED] })
  async resendVerification(@CurrentUser() user: AuthUser): Promise<void> {
    await this.account.resendVerification(user);
  }

  @Post('auth/change-password')
  @HttpCode(200)
  @Member()
  @BeforeProfileComplete()
  @RateLimit('login')
  @ApiOperation({
    summary: 'Change my password (current one required); other sessions end, a fresh token returns',
  })
  @ApiOkResponse({ type: AuthResponseDto })
  @ApiErrors({
    400: [AuthErrorCode.CURRENT_PASSWORD_WRONG, AuthErrorCode.PASSWORD_TOO_WEAK],
    429: [AuthErrorCode.LOGIN_BACKOFF],
  })
  changePassword(
    @CurrentUser() user: AuthUser,
    @Body() dto: ChangePasswordDto,
  ): Promise<AuthResponseDto> {
    return this.account.changePassword(user, dto);
  }

  @Post('auth/change-email')
  @HttpCode(202)
  @Member()
  @BeforeProfileComplete()
  @RateLimit('accountEmail')
  @ApiOperation({
    summary:
      'Ask to change my email: a confirmation link goes to the new address (without a password, to the current one)',
  })
  @ApiAcceptedResponse({ type: LinkSentDto, description: 'A confirmation link was sent' })
  @ApiErrors({
    400: [AuthErrorCode.CURRENT_PASSWORD_WRONG, AuthErrorCode.EMAIL_UNCHANGED],
    409: [UsersErrorCode.EMAIL_TAKEN],
    429: [AuthErrorCode.LOGIN_BACKOFF],
  })
  changeEmail(@CurrentUser() user: AuthUser, @Body() dto: ChangeEmailDto): Promise<LinkSentDto> {
    return this.account.requestEmailChange(user, dto);
  }

  @Post('auth/confirm-email-change')
  @HttpCode(200)
  @Public()
  @RateLimit('login')
  @ApiOperation({
    summary: 'Confirm a new email from its link; the old address is told, every session ends',
  })
  @ApiOkResponse({ type: AuthResponseDto, description: 'A fresh session for the changed account' })
  @ApiErrors({ 400: [AuthErrorCode.EMAIL_LINK_INVALID], 409: [UsersErrorCode.EMAIL_TAKEN] })
  confirmEmailChange(@Body() dto: EmailLinkDto): Promise<AuthResponseDto> {
    return this.account.confirmEmailChange(dto.token);
  }

  @Post('auth/sign-out-everywhere')
  @HttpCode(204)
  @Member()
  @BeforeProfileComplete()
  @RateLimit('writes')
  @ApiOperation({ summary: 'End every session of my account, this one included' })
  @ApiNoContentResponse({ description: 'Every token of the account stopped working' })
  async signOutEverywhere(@CurrentUser() user: AuthUser): Promise<void> {
    await this.account.signOutEverywhere(user);
  }

  @Post('users/:id/password-reset')
  @HttpCode(202)
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Email a member a password reset link (admins; audited)' })
  @ApiAcceptedResponse({ description: 'The reset link is on its way' })
  @ApiErrors({ 404: [UsersErrorCode.USER_NOT_FOUND] })
  async sendPasswordReset(
    @CurrentUser() admin: AuthUser,
    @Param('id', userId) id: string,
  ): Promise<void> {
    await this.account.adminSendReset(admin, id);
  }
}
