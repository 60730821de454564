import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { EmailField, PasswordField } from './auth.dto';
import { PASSWORD_MIN_LENGTH } from './password-policy';

const TokenField = () =>
  applyDecorators(
    IsString({ message: 'The link is incomplete' }),
    IsNotEmpty({ message: 'The link is incomplete' }),
    MaxLength(200, { message: 'The link is incomplete' }),
  );

/** POST /auth/forgot-password */
export class ForgotPasswordDto {
  @ApiProperty() @EmailField(true) email: string;
}

/** POST /auth/reset-password */
export class ResetPasswordDto {
  @ApiProperty({ description: 'The token from the emailed link' }) @TokenField() token: string;

  @ApiProperty({
    minLength: PASSWORD_MIN_LENGTH,
    description: 'At least 8 characters, not common or easy to guess (else 400 PASSWORD_TOO_WEAK)',
  })
  @PasswordField(PASSWORD_MIN_LENGTH)
  password: string;
}

/** POST /auth/verify-email and /auth/confirm-email-change */
export class EmailLinkDto {
  @ApiProperty({ description: 'The token from the emailed link' }) @TokenField() token: string;
}

/** POST /auth/change-password */
export class ChangePasswordDto {
  @ApiProperty() @PasswordField() currentPassword: string;

  @ApiProperty({
    minLength: PASSWORD_MIN_LENGTH,
    description: 'At least 8 characters, not common or easy to guess (else 400 PASSWORD_TOO_WEAK)',
  })
  @PasswordField(PASSWORD_MIN_LENGTH)
  newPassword: string;
}

/** POST /auth/change-email */
export class ChangeEmailDto {
  @ApiPropertyOptional({
    description:
      'Required when the account has a password; without one, a link to the current address confirms',
  })
  @IsOptional()
  @PasswordField()
  currentPassword?: string;

  @ApiProperty() @EmailField(true) newEmail: string;
}

/** The 202 of a request whose confirmation link went out by email. */
export class LinkSentDto {
  @ApiProperty({ example: 'We sent a confirmation link to new@example.com' }) msg: string;
}
