import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { NestedObject } from '../../common/validation/nested.decorators';
import { IsArray, IsEmail, IsEnum, IsIn, IsUrl, Matches, MaxLength } from 'class-validator';
import { COUNTRIES, INTERESTS } from '../../common/catalog';
import { OptionalNotNull } from '../../common/validation/optional.decorators';
import { Language } from '../../common/language';
import { IsTimeZone } from '../../common/validation/time-zone';
import {
  IsOptionalBlank,
  OptionalText,
  RequiredText,
  TextList,
} from '../../common/validation/text.decorators';
import { PageQueryDto } from '../../common/pagination/pagination';
import { SocialLinks, UserRow } from './users.schema';
import { MemberStatus, memberStatus, UserRole } from './users.status';

const urlMessage = (network: string) => `${network} link must be a valid URL`;
const URL_OPTIONS = { require_protocol: true, protocols: ['http', 'https'] };

export class SocialLinksDto implements SocialLinks {
  @ApiPropertyOptional()
  @IsOptionalBlank()
  @IsUrl(URL_OPTIONS, { message: urlMessage('LinkedIn') })
  @MaxLength(500)
  linkedin?: string;
  @ApiPropertyOptional()
  @IsOptionalBlank()
  @IsUrl(URL_OPTIONS, { message: urlMessage('Instagram') })
  @MaxLength(500)
  instagram?: string;
  @ApiPropertyOptional()
  @IsOptionalBlank()
  @IsUrl(URL_OPTIONS, { message: urlMessage('Twitter') })
  @MaxLength(500)
  twitter?: string;
  @ApiPropertyOptional()
  @IsOptionalBlank()
  @IsUrl(URL_OPTIONS, { message: urlMessage('Facebook') })
  @MaxLength(500)
  facebook?: string;
  @ApiPropertyOptional()
  @IsOptionalBlank()
  @IsUrl(URL_OPTIONS, { message: urlMessage('Website') })
  @MaxLength(500)
  website?: string;
  @ApiPropertyOptional()
  @IsOptionalBlank()
  @IsUrl(URL_OPTIONS, { message: urlMessage('YouTube') })
  @MaxLength(500)
  youtube?: string;
}

/** PUT /users/profile: the editable profile. Email is shown read-only and cannot change here. */
export class UpdateProfileDto {
  @ApiProperty() @RequiredText('Name', 100) name: string;

  @ApiPropertyOptional({ description: 'Read-only; must equal the current email when sent' })
  @IsOptionalBlank()
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email?: string;

  @ApiPropertyOptional()
  @OptionalText('Phone', 40)
  @IsOptionalBlank()
  @Matches(/^[+()\d\s.-]{4,40}$/, { message: 'Phone must be a valid phone number' })
  phone?: string;

  @ApiProperty({ enum: COUNTRIES, enumName: 'Country' })
  @IsIn(COUNTRIES, { message: 'Country must be one of the listed countries' })
  country: string;

  @ApiProperty() @RequiredText('Profession', 100) profession: string;
  @ApiPropertyOptional() @OptionalText('Bio', 2000) bio?: string;
  @ApiPropertyOptional() @OptionalText('Company', 150) company?: string;
  @ApiPropertyOptional() @OptionalText('Job title', 150) jobTitle?: string;
  @ApiPropertyOptional() @OptionalText('Experience', 1000) experience?: string;
  @ApiPropertyOptional() @OptionalText('Education', 1000) education?: string;

  @ApiPropertyOptional({ type: [String] })
  @TextList('languages')
  languages?: string[];

  @ApiPropertyOptional({ type: [String] })
  @TextList('skills')
  skills?: string[];

  @ApiPropertyOptional({ enum: INTERESTS, enumName: 'Interest', isArray: true })
  @OptionalNotNull()
  @IsArray({ message: 'interests must be a list' })
  @IsIn(INTERESTS, { each: true, message: 'Each interest must be one of the listed interests' })
  interests?: string[];

  @NestedObject(SocialLinksDto, { optional: true, notObject: 'socialLinks must be an object' })
  socialLinks?: SocialLinksDto;

  @ApiPropertyOptional({ enum: Language, enumName: 'Language' })
  @OptionalNotNull()
  @IsEnum(Language, { message: 'Language must be en or am' })
  language?: Language;

  @ApiPropertyOptional({
    description: "The member's IANA time zone, e.g. Africa/Addis_Ababa ('' clears it)",
  })
  @OptionalText('Time zone', 64)
  @IsTimeZone('Time zone must be an IANA time zone such as Africa/Addis_Ababa')
  timeZone?: string;
}

/** PUT /users/me/time-zone: the portal sets the browser's zone for a member who has none. */
export class SetTimeZoneDto {
  @ApiProperty({ description: 'An IANA time zone, e.g. Asia/Tokyo' })
  @RequiredText('Time zone', 64)
  @IsTimeZone('Time zone must be an IANA time zone such as Africa/Addis_Ababa')
  timeZone: string;
}

/** PUT /users/me/language: the language picker, when signed in. */
export class SetLanguageDto {
  @ApiProperty({ enum: Language, enumName: 'Language' })
  @IsEnum(Language, { message: 'Language must be en or am' })
  language: Language;
}

/** A user as every response shows it: never a secret. */
export class UserDto {
  @ApiProperty() _id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ description: 'admin, or member' }) role: string;
  @ApiPropertyOptional({ nullable: true, type: String }) phone: string | null;
  @ApiPropertyOptional({ nullable: true, enum: COUNTRIES, enumName: 'Country' })
  country: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) profession: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) bio: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) company: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) jobTitle: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) experience: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) education: string | null;
  @ApiProperty({ type: [String] }) languages: string[];
  @ApiProperty({ type: [String] }) skills: string[];
  @ApiProperty({ enum: INTERESTS, enumName: 'Interest', isArray: true }) interests: string[];
  @ApiProperty({ type: SocialLinksDto }) socialLinks: SocialLinksDto;
  @ApiPropertyOptional({ nullable: true, type: String }) profileImage: string | null;
  @ApiProperty({ enum: Language, enumName: 'Language', description: 'The language of emails' })
  language: Language;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'IANA time zone (the weekly digest comes at a morning hour in it)',
  })
  timeZone: string | null;
  @ApiProperty({ enum: MemberStatus, enumName: 'MemberStatus' }) status: MemberStatus;
  @ApiPropertyOptional({ nullable: true, type: String }) approvedAt: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) blockedAt: string | null;
  @ApiProperty({ description: 'Whether the member confirmed their email address' })
  emailVerified: boolean;
  @ApiProperty({
    description:
      'False until the profile has what the spec requires (country and profession): a member who joined through a provider is asked for them',
  })
  profileComplete: boolean;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

/** GET /users: the admin's member list, searched on the server. */
export class UserListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Matches name, email or profession' })
  @OptionalText('Search', 100)
  search?: string;
}

/** PUT /users/{id}/role */
export class SetRoleDto {
  @ApiProperty({ enum: UserRole, enumName: 'UserRole' })
  @IsEnum(UserRole, { message: 'Role must be admin or member' })
  role: UserRole;
}

/** A member in the admin's list: with how they sign in. */
export class AdminUserDto extends UserDto {
  @ApiProperty({
    type: [String],
    description: '"password" when the account has one, then each linked provider\'s id',
  })
  signInMethods: string[];
}

export class UserListDto {
  @ApiProperty({ type: [AdminUserDto] }) users: AdminUserDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() totalPages: number;
}

export function toUserDto(row: UserRow): UserDto {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    phone: row.phone,
    country: row.country,
    profession: row.profession,
    bio: row.bio,
    company: row.company,
    jobTitle: row.jobTitle,
    experience: row.experience,
    education: row.education,
    languages: row.languages,
    skills: row.skills,
    interests: row.interests,
    socialLinks: row.socialLinks,
    profileImage: row.profileImage,
    language: row.language,
    timeZone: row.timeZone,
    status: memberStatus(row),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    blockedAt: row.blockedAt?.toISOString() ?? null,
    emailVerified: row.emailVerifiedAt !== null,
    profileComplete: row.country !== null && row.profession !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
