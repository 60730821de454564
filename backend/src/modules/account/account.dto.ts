import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/**
 * DELETE /users/me: the password confirms that the account's owner asks; an account without one
 * (signed up through a provider) confirms by an emailed link instead.
 */
export class DeleteAccountDto {
  @ApiPropertyOptional({
    description: 'The current password of the account (required when it has one)',
  })
  @IsOptional()
  @IsString({ message: 'Password is required' })
  @MinLength(1, { message: 'Password is required' })
  @MaxLength(200)
  password?: string;
}

/** POST /auth/confirm-account-deletion */
export class ConfirmAccountDeletionDto {
  @ApiProperty({ description: 'The token from the emailed link' })
  @IsString({ message: 'The link is incomplete' })
  @MinLength(1, { message: 'The link is incomplete' })
  @MaxLength(200, { message: 'The link is incomplete' })
  token: string;
}

export class AccountDeletedDto {
  @ApiProperty({ example: 'Your account has been deleted' }) msg: string;
}

/** The 202 of a deletion that waits for its emailed link. */
export class AccountDeletionLinkSentDto {
  @ApiProperty({ example: 'We sent a link to you@example.com: open it to delete your account' })
  msg: string;
}
