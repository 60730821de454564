import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
} from 'class-validator';
import { COUNTRIES, INTERESTS } from '../../common/catalog';
import { OptionalText, RequiredText } from '../../common/validation/text.decorators';
import { UserDto } from '../users/users.dto';

const normaliseEmail = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toLowerCase() : value,
  );

export class RegisterDto {
  @ApiProperty() @RequiredText('Name', 100) name: string;

  @ApiProperty()
  @normaliseEmail()
  @IsNotEmpty({ message: 'Email is required' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  email: string;

  @ApiProperty({ minLength: 6 })
  @IsString({ message: 'Password must be text' })
  @MinLength(6, { message: 'Password must be at least 6 characters' })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  password: string;

  @ApiProperty({ enum: COUNTRIES })
  @IsIn(COUNTRIES, { message: 'Country must be one of the listed countries' })
  country: string;

  @ApiProperty() @RequiredText('Profession', 100) profession: string;

  @ApiPropertyOptional() @OptionalText('Bio', 2000) bio?: string;

  @ApiPropertyOptional({ enum: INTERESTS, isArray: true })
  @IsOptional()
  @IsArray({ message: 'interests must be a list' })
  @ArrayMaxSize(INTERESTS.length)
  @IsIn(INTERESTS, { each: true, message: 'Each interest must be one of the listed interests' })
  interests?: string[];
}

export class LoginDto {
  @ApiProperty()
  @normaliseEmail()
  @IsString({ message: 'Email is required' })
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  email: string;

  @ApiProperty()
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  password: string;
}

export class AuthResponseDto {
  @ApiProperty() token: string;
  @ApiProperty({ type: UserDto }) user: UserDto;
}
