import { LoadedUpdatedAt } from '../../common/concurrency/edit-conflict';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SortOrder } from '../../common/validation/form.decorators';
import { NestedObject } from '../../common/validation/nested.decorators';
import { OptionalNotNull, PartialNotNullType } from '../../common/validation/optional.decorators';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsInt,
  IsOptional,
  IsUrl,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  IsOptionalBlank,
  OptionalText,
  RequiredText,
  TextList,
} from '../../common/validation/text.decorators';
import { TeamEducation, TeamMemberRow, TeamSocialLinks } from './team.schema';

const URL_OPTIONS = { require_protocol: true, protocols: ['http', 'https'] };

export class TeamEducationDto implements TeamEducation {
  @ApiProperty() @RequiredText('Degree', 100) degree: string;
  @ApiProperty() @RequiredText('Field of study', 150) field: string;
  @ApiProperty() @RequiredText('Institution', 200) institution: string;

  @ApiProperty({ nullable: true, type: Number })
  @IsOptional()
  @IsInt({ message: 'Year must be a whole number' })
  @Min(1900, { message: 'Year must be 1900 or later' })
  @Max(2100, { message: 'Year must be 2100 or earlier' })
  year: number | null;

  @ApiProperty()
  @IsBoolean({ message: 'isTopUniversity must be true or false' })
  isTopUniversity: boolean;
}

export class TeamSocialLinksDto implements TeamSocialLinks {
  @ApiPropertyOptional()
  @IsOptionalBlank()
  @IsUrl(URL_OPTIONS, { message: 'LinkedIn link must be a valid URL' })
  @MaxLength(500, { message: 'LinkedIn link must be at most 500 characters' })
  linkedin?: string;

  @ApiPropertyOptional()
  @IsOptionalBlank()
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  email?: string;

  @ApiPropertyOptional()
  @IsOptionalBlank()
  @IsUrl(URL_OPTIONS, { message: 'Website link must be a valid URL' })
  @MaxLength(500, { message: 'Website link must be at most 500 characters' })
  website?: string;
}

export class CreateTeamMemberDto {
  @ApiProperty() @RequiredText('Name', 100) name: string;
  @ApiProperty() @RequiredText('Position', 150) position: string;
  @ApiPropertyOptional() @OptionalText('Amharic position', 150) positionAmharic?: string;
  @ApiProperty() @RequiredText('Bio', 3000) bio: string;
  @ApiPropertyOptional() @OptionalText('Amharic bio', 3000) bioAmharic?: string;

  @ApiPropertyOptional({ type: [TeamEducationDto] })
  @OptionalNotNull()
  @IsArray({ message: 'education must be a list' })
  @ArrayMaxSize(10, { message: 'education can have at most 10 entries' })
  @ValidateNested({ each: true })
  @Type(() => TeamEducationDto)
  education?: TeamEducationDto[];

  @ApiPropertyOptional({ type: [String] }) @TextList('expertise') expertise?: string[];
  @ApiPropertyOptional({ type: [String] }) @TextList('languages') languages?: string[];

  @NestedObject(TeamSocialLinksDto, { optional: true, notObject: 'socialLinks must be an object' })
  socialLinks?: TeamSocialLinksDto;

  @ApiPropertyOptional({ description: 'Founders lead the team lists (false by default)' })
  @OptionalNotNull()
  @IsBoolean({ message: 'isFounder must be true or false' })
  isFounder?: boolean;

  @ApiPropertyOptional({ description: 'Listed on the Tutorials page (false by default)' })
  @OptionalNotNull()
  @IsBoolean({ message: 'isInstructor must be true or false' })
  isInstructor?: boolean;

  @SortOrder() sortOrder?: number;
}

/** PUT /team/:id: any subset; name, position and bio stay non-blank (and non-null) when sent. */
export class UpdateTeamMemberDto extends PartialNotNullType(CreateTeamMemberDto) {
  /** The member's updatedAt when the editor was opened (optimistic concurrency). */
  @LoadedUpdatedAt()
  updatedAt?: string;
}

export class TeamMemberDto {
  @ApiProperty() _id: string;
  @ApiProperty() name: string;
  @ApiProperty() position: string;
  @ApiProperty({ nullable: true, type: String }) positionAmharic: string | null;
  @ApiProperty() bio: string;
  @ApiProperty({ nullable: true, type: String }) bioAmharic: string | null;
  @ApiProperty({ nullable: true, type: String }) profileImage: string | null;
  @ApiProperty({ type: [TeamEducationDto] }) education: TeamEducationDto[];
  @ApiProperty({ type: [String] }) expertise: string[];
  @ApiProperty({ type: [String] }) languages: string[];
  @ApiProperty({ type: TeamSocialLinksDto }) socialLinks: TeamSocialLinksDto;
  @ApiProperty() isFounder: boolean;
  @ApiProperty() isInstructor: boolean;
  @ApiProperty() sortOrder: number;
  @ApiProperty({ description: 'The last edit; an editor sends it back with its changes' })
  updatedAt: string;
}

export class TeamMemberDeletedDto {
  @ApiProperty() msg: string;
}

/** Every column but the creation time is public; the id goes out as `_id` (spec 7). */
export function toTeamMemberDto(row: TeamMemberRow): TeamMemberDto {
  const { id, createdAt: _createdAt, updatedAt, ...fields } = row;
  return { _id: id, ...fields, updatedAt: updatedAt.toISOString() };
}
