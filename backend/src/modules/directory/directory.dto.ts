import { DislikesProperty, LikesProperty, MyReactionProperty } from '../reactions/reactions.dto';
import type { UserReaction } from '../reactions/reactions.service';
import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { ToBoolean } from '../../common/validation/form.decorators';
import { NestedObject } from '../../common/validation/nested.decorators';
import { OptionalNotNull } from '../../common/validation/optional.decorators';
import { Transform } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
} from 'class-validator';
import { COUNTRIES } from '../../common/catalog';
import { LoadedUpdatedAt } from '../../common/concurrency/edit-conflict';
import { AppException } from '../../common/errors/app-exception';
import { CommonErrorCode } from '../../common/errors/common.errors';
import { unknownField } from '../../common/validation/validation.pipe';
import { PageQueryDto } from '../../common/pagination/pagination';
import {
  IsOptionalBlank,
  OptionalText,
  RequiredText,
} from '../../common/validation/text.decorators';
import {
  LISTING_CATEGORIES,
  LISTING_STATUSES,
  LISTING_TYPES,
  ListingCategory,
  ListingStatus,
  ListingType,
} from './directory.schema';

/** Websites may be typed without a scheme ("example.com"); they are stored with https://. */
const WithScheme = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.trim() && !/^[a-z][a-z0-9+.-]*:/i.test(value.trim())
      ? `https://${value.trim()}`
      : value,
  );

const TYPE_NAMES = LISTING_TYPES.join(', ');
const CATEGORY_NAMES = LISTING_CATEGORIES.join(', ');
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;

// ---------- queries ----------

export class DirectoryQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Full-text search over name, description and tags' })
  @OptionalText('search', 200)
  search?: string;

  @ApiPropertyOptional({ enum: LISTING_TYPES, enumName: 'ListingType' })
  @IsOptionalBlank()
  @IsIn(LISTING_TYPES, { message: `type must be one of ${TYPE_NAMES}` })
  type?: ListingType;

  @ApiPropertyOptional({ enum: LISTING_CATEGORIES, enumName: 'ListingCategory' })
  @IsOptionalBlank()
  @IsIn(LISTING_CATEGORIES, { message: `category must be one of ${CATEGORY_NAMES}` })
  category?: ListingCategory;

  @ApiPropertyOptional({ description: "The country of the listing's address" })
  @OptionalText('country', 100)
  country?: string;
}

export class AdminListingQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: LISTING_STATUSES, enumName: 'ListingStatus' })
  @IsOptionalBlank()
  @IsIn(LISTING_STATUSES, { message: `status must be one of ${LISTING_STATUSES.join(', ')}` })
  status?: ListingStatus;
}

// ---------- the submit form (multipart text fields, dotted names nested) ----------

export class ListingAddressDto {
  @ApiPropertyOptional() @OptionalText('Street', 200) street?: string;
  @ApiPropertyOptional() @OptionalText('City', 100) city?: string;
  @ApiPropertyOptional() @OptionalText('State', 100) state?: string;

  @ApiProperty({ enum: COUNTRIES })
  @IsIn(COUNTRIES, { message: 'Country must be one of the listed countries' })
  @RequiredText('Country', 100)
  country: string;

  @ApiPropertyOptional() @OptionalText('Postal code', 20) postalCode?: string;
}

export class ListingContactDto {
  @ApiPropertyOptional()
  @OptionalText('Email', 254)
  @IsOptionalBlank()
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email?: string;

  @ApiPropertyOptional()
  @OptionalText('Phone', 30)
  @IsOptionalBlank()
  @Matches(/^\+?[0-9][0-9 ().-]{5,29}$/, { message: 'Please enter a valid phone number' })
  phone?: string;

  @ApiPropertyOptional({ description: 'https:// is added when no scheme is given' })
  @OptionalText('Website', 500)
  @WithScheme()
  @IsOptionalBlank()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true },
    { message: 'Please enter a valid website address' },
  )
  website?: string;

  @NestedObject(ListingAddressDto, { notObject: 'Address is required' })
  address: ListingAddressDto;
}

export class ListingHoursDto {
  @ApiPropertyOptional() @OptionalText('Monday hours', 100) monday?: string;
  @ApiPropertyOptional() @OptionalText('Tuesday hours', 100) tuesday?: string;
  @ApiPropertyOptional() @OptionalText('Wednesday hours', 100) wednesday?: string;
  @ApiPropertyOptional() @OptionalText('Thursday hours', 100) thursday?: string;
  @ApiPropertyOptional() @OptionalText('Friday hours', 100) friday?: string;
  @ApiPropertyOptional() @OptionalText('Saturday hours', 100) saturday?: string;
  @ApiPropertyOptional() @OptionalText('Sunday hours', 100) sunday?: string;
}

export class ListingSocialMediaDto {
  @ApiPropertyOptional() @OptionalText('Instagram', 200) instagram?: string;
  @ApiPropertyOptional() @OptionalText('LinkedIn', 200) linkedin?: string;
  @ApiPropertyOptional() @OptionalText('Twitter', 200) twitter?: string;
  @ApiPropertyOptional() @OptionalText('Facebook', 200) facebook?: string;
}

/**
 * POST /directory and PUT /directory/:id text fields, after dotted names are nested. Checks run
 * bottom-up, so "is required" (RequiredText, listed last) comes before the list check.
 */
export class ListingFormDto {
  @ApiProperty() @RequiredText('Business name', 150) name: string;
  @ApiProperty() @RequiredText('Description', 5000) description: string;

  @ApiProperty({ enum: LISTING_TYPES, enumName: 'ListingType' })
  @IsIn(LISTING_TYPES, { message: `Type must be one of ${TYPE_NAMES}` })
  @RequiredText('Type', 20)
  type: ListingType;

  @ApiProperty({ enum: LISTING_CATEGORIES, enumName: 'ListingCategory' })
  @IsIn(LISTING_CATEGORIES, { message: `Category must be one of ${CATEGORY_NAMES}` })
  @RequiredText('Category', 20)
  category: ListingCategory;

  @NestedObject(ListingContactDto, { notObject: 'Contact is required' })
  contact: ListingContactDto;

  @NestedObject(ListingHoursDto, { optional: true })
  hours?: ListingHoursDto;

  @NestedObject(ListingSocialMediaDto, { optional: true })
  socialMedia?: ListingSocialMediaDto;

  @ApiPropertyOptional({ description: 'Comma-joined tags' })
  @OptionalText('Tags', 1000)
  tags?: string;

  @ApiPropertyOptional({
    description: 'PUT only, JSON text: image URLs to keep (omit to keep all)',
  })
  @OptionalNotNull()
  @IsArray({ message: 'existingImages must be a list of URLs' })
  @IsString({ each: true, message: 'existingImages must be a list of URLs' })
  existingImages?: string[];

  @ApiPropertyOptional({ description: 'PUT only: true removes the current logo' })
  @IsOptional()
  @ToBoolean()
  @IsBoolean({ message: 'removeLogo must be true or false' })
  removeLogo?: boolean;

  /** PUT only: the listing's updatedAt when the form was opened (optimistic concurrency). */
  @LoadedUpdatedAt()
  updatedAt?: string;
}

export const LISTING_JSON_FIELDS = ['existingImages'] as const;

/** Multipart text fields as a Swagger schema: spec 7's dotted names. */
export const LISTING_FORM_BODY = {
  schema: {
    type: 'object',
    required: ['name', 'description', 'type', 'category', 'contact.address.country'],
    properties: {
      name: { type: 'string', maxLength: 150 },
      description: { type: 'string', maxLength: 5000 },
      type: { $ref: getSchemaPath('ListingType') },
      category: { $ref: getSchemaPath('ListingCategory') },
      'contact.email': { type: 'string' },
      'contact.phone': { type: 'string' },
      'contact.website': { type: 'string' },
      'contact.address.street': { type: 'string' },
      'contact.address.city': { type: 'string' },
      'contact.address.state': { type: 'string' },
      'contact.address.country': { type: 'string', description: COUNTRIES.join(', ') },
      'contact.address.postalCode': { type: 'string' },
      'hours.monday': { type: 'string', description: 'Free text; the same for every day' },
      'socialMedia.instagram': { type: 'string', description: 'Also linkedin, twitter, facebook' },
      tags: { type: 'string', description: 'Comma-joined' },
      existingImages: { type: 'string', description: 'PUT: JSON list of image URLs to keep' },
      removeLogo: { type: 'boolean', description: 'PUT: drop the current logo' },
      updatedAt: {
        type: 'string',
        format: 'date-time',
        description:
          'PUT: the updatedAt the form was opened with; when the listing has changed since, 409 EDIT_CONFLICT and nothing is saved',
      },
      logo: { type: 'string', format: 'binary' },
      images: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: 5 },
    },
  },
};

/** A field name's part: a plain word, so `__proto__.x` can never reach an object's prototype. */
const FIELD_NAME_PART = /^[A-Za-z][A-Za-z0-9]*$/;

/** The form's groups (ListingFormDto's nested objects): the only names a dotted name nests under. */
const FORM_GROUPS = new Set(['contact', 'contact.address', 'hours', 'socialMedia']);

/**
 * Turns `contact.address.country` style names into nested objects; contact and address always
 * exist. A name is refused as unknown unless its parts are plain words and all but its last
 * name a group (`existingImages.x`, `name.first`), or when it names a group itself (`contact`).
 * Groups have no prototype, and only their own properties are followed. Names every object
 * inherits (`contact.constructor`) are refused by parseFormFields, as in any other form.
 */
export function nestFormFields(fields: Record<string, string>): Record<string, unknown> {
  const nested = group();
  nested.contact = group({ address: group() });
  for (const [name, value] of Object.entries(fields)) {
    const path = name.split('.');
    const parent = path.slice(0, -1).join('.');
    const known =
      path.every((part) => FIELD_NAME_PART.test(part)) &&
      (parent === '' || FORM_GROUPS.has(parent)) &&
      !FORM_GROUPS.has(name);
    if (!known) {
      const error = unknownField(name);
      throw AppException.badRequest(error.msg, CommonErrorCode.VALIDATION_FAILED, [error]);
    }
    let target = nested;
    for (const key of path.slice(0, -1)) {
      if (!Object.hasOwn(target, key)) target[key] = group();
      target = target[key] as Record<string, unknown>;
    }
    target[path[path.length - 1]] = value;
  }
  return nested;
}

/** An object without a prototype: no name read from it is inherited. */
function group(entries: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, entries);
}

/** "Coffee, roastery ,coffee" → ["Coffee", "roastery"]: trimmed, deduplicated ignoring case. */
export function splitTags(text: string | undefined): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of (text ?? '').split(',')) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

// ---------- moderation bodies ----------

export class ApproveListingDto {
  @ApiPropertyOptional({ default: false })
  @OptionalNotNull()
  @ToBoolean()
  @IsBoolean({ message: 'verified must be true or false' })
  verified?: boolean;

  @ApiPropertyOptional({ default: false })
  @OptionalNotNull()
  @ToBoolean()
  @IsBoolean({ message: 'featured must be true or false' })
  featured?: boolean;

  /** The listing's updatedAt as the admin reviewed it: an owner's later edit is not approved unseen. */
  @LoadedUpdatedAt()
  updatedAt?: string;
}

export class RejectListingDto {
  @ApiPropertyOptional({ description: 'Told to the owner in the email' })
  @OptionalText('Reason', 1000)
  reason?: string;

  /** The listing's updatedAt as the admin reviewed it (the reason is about that version). */
  @LoadedUpdatedAt()
  updatedAt?: string;
}

export class VerifyListingDto {
  @ApiPropertyOptional({ default: true, description: 'false takes the flag off' })
  @OptionalNotNull()
  @ToBoolean()
  @IsBoolean({ message: 'verified must be true or false' })
  verified?: boolean;
}

export class FeatureListingDto {
  @ApiPropertyOptional({ default: true, description: 'false takes the flag off' })
  @OptionalNotNull()
  @ToBoolean()
  @IsBoolean({ message: 'featured must be true or false' })
  featured?: boolean;
}

// ---------- responses ----------

export class ListingAddressViewDto {
  @ApiProperty({ nullable: true, type: String }) street: string | null;
  @ApiProperty({ nullable: true, type: String }) city: string | null;
  @ApiProperty({ nullable: true, type: String }) state: string | null;
  @ApiProperty() country: string;
  @ApiProperty({ nullable: true, type: String }) postalCode: string | null;
}

export class ListingContactViewDto {
  @ApiProperty({ nullable: true, type: String }) email: string | null;
  @ApiProperty({ nullable: true, type: String }) phone: string | null;
  @ApiProperty({ nullable: true, type: String }) website: string | null;
  @ApiProperty({ type: ListingAddressViewDto }) address: ListingAddressViewDto;
}

export class ListingOwnerDto {
  @ApiProperty() _id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
}

export class ListingDto {
  @ApiProperty() _id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: LISTING_TYPES, enumName: 'ListingType' }) type: ListingType;
  @ApiProperty({ enum: LISTING_CATEGORIES, enumName: 'ListingCategory' })
  category: ListingCategory;
  @ApiProperty({ type: ListingContactViewDto }) contact: ListingContactViewDto;
  @ApiProperty({ type: ListingHoursDto, description: 'Only the days that were filled in' })
  hours: ListingHoursDto;
  @ApiProperty({ type: ListingSocialMediaDto }) socialMedia: ListingSocialMediaDto;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ nullable: true, type: String }) logo: string | null;
  @ApiProperty({ nullable: true, type: String }) logoThumbnail: string | null;
  @ApiProperty({ type: [String] }) images: string[];
  @ApiProperty({ type: [String], description: 'Small variants, in the order of images' })
  imageThumbnails: string[];
  @ApiProperty({ enum: LISTING_STATUSES, enumName: 'ListingStatus' }) status: ListingStatus;
  @ApiProperty({ nullable: true, type: String, description: 'Owners and admins only' })
  rejectionReason: string | null;
  @ApiProperty() verified: boolean;
  @ApiProperty() featured: boolean;
  @ApiProperty({ type: ListingOwnerDto }) owner: ListingOwnerDto;
  @LikesProperty() likes: number;
  @DislikesProperty() dislikes: number;
  @MyReactionProperty() myReaction: UserReaction | null;
  @ApiProperty() views: number;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

export class ListingListDto {
  @ApiProperty({ type: [ListingDto] }) listings: ListingDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() totalPages: number;
}

export class ListingDeletedDto {
  @ApiProperty() msg: string;
}
