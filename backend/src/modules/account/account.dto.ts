import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

/** DELETE /users/me: the password confirms that the account's owner asks. */
export class DeleteAccountDto {
  @ApiProperty({ description: 'The current password of the account' })
  @IsString({ message: 'Password is required' })
  @MinLength(1, { message: 'Password is required' })
  @MaxLength(200)
  password: string;
}

export class AccountDeletedDto {
  @ApiProperty({ example: 'Your account has been deleted' }) msg: string;
}
