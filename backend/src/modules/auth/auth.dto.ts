import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsEnum,
  IsIn,
  IsNotEmpty,
  IsString,
  MaxLength,
  MinLength,
} from 'class-validator';
import { COUNTRIES, INTERESTS } from '../../common/catalog';
import { normaliseEmail } from '../../common/email';
import { Language } from '../../common/language';
import { OptionalNotNull } from '../../common/validation/optional.decorators';
import { OptionalText, RequiredText } from '../../common/validation/text.decorators';
import { UserDto } from '../users/users.dto';
import { PASSWORD_MIN_LENGTH } from './password-policy';

const normalisedEmail = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? normaliseEmail(value) : value,
  );

// applyDecorators runs the checks in the order listed, so the first failing one names the
// real problem (a missing email reads "Email is required", not a length message).
export const EmailField = (mustBeValid: boolean) =>
  applyDecorators(
    normalisedEmail(),
    IsString({ message: 'Email is required' }),
    IsNotEmpty({ message: 'Email is required' }),
    ...(mustBeValid ? [IsEmail({}, { message: 'Please enter a valid email address' })] : []),
    MaxLength(254, { message: 'Email must be at most 254 characters' }),
  );

export const PasswordField = (minLength?: number) =>
  applyDecorators(
    IsString({ message: 'Password is required' }),
    IsNotEmpty({ message: 'Password is required' }),
    ...(minLength
      ? [MinLength(minLength, { message: `Password must be at least ${minLength} characters` })]
      : []),
    MaxLength(128, { message: 'Password must be at most 128 characters' }),
  );

export class RegisterDto {
  @ApiProperty() @RequiredText('Name', 100) name: string;

  @ApiProperty()
  @EmailField(true)
  email: string;

  @ApiProperty({
    minLength: PASSWORD_MIN_LENGTH,
    description: 'At least 8 characters, not common or easy to guess (else 400 PASSWORD_TOO_WEAK)',
  })
  @PasswordField(PASSWORD_MIN_LENGTH)
  password: string;

  @ApiProperty({ enum: COUNTRIES, enumName: 'Country' })
  @IsIn(COUNTRIES, { message: 'Country must be one of the listed countries' })
  country: string;

  @ApiProperty() @RequiredText('Profession', 100) profession: string;

  @ApiPropertyOptional() @OptionalText('Bio', 2000) bio?: string;

  @ApiPropertyOptional({ enum: INTERESTS, enumName: 'Interest', isArray: true })
  @OptionalNotNull()
  @IsArray({ message: 'interests must be a list' })
  @ArrayMaxSize(INTERESTS.length)
  @IsIn(INTERESTS, { each: true, message: 'Each interest must be one of the listed interests' })
  interests?: string[];

  @ApiPropertyOptional({
    enum: Language,
    enumName: 'Language',
    description: 'The interface language at sign-up: the welcome and every later email use it',
  })
  @OptionalNotNull()
  @IsEnum(Language, { message: 'Language must be en or am' })
  language?: Language;
}

export class LoginDto {
  @ApiProperty() @EmailField(false) email: string;
  @ApiProperty() @PasswordField() password: string;
}

export class AuthResponseDto {
  @ApiProperty() token: string;
  @ApiProperty({ type: UserDto }) user: UserDto;
}
