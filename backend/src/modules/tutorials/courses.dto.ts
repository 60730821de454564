import { LoadedUpdatedAt } from '../../common/concurrency/edit-conflict';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, Matches } from 'class-validator';
import { SortOrder, ToBoolean } from '../../common/validation/form.decorators';
import { OptionalNotNull, PartialNotNullType } from '../../common/validation/optional.decorators';
import { RequiredText, TextList } from '../../common/validation/text.decorators';
import { CourseWithCount } from './courses.repository';

/** Subjects: trimmed, blank entries dropped, then checked as a text list. */
const Subjects = (label: string) =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      Array.isArray(value)
        ? value
            .map((item: unknown) => (typeof item === 'string' ? item.trim() : item))
            .filter((item: unknown) => item !== '')
        : value,
    ),
    TextList(label, 100),
  );

export class CourseQueryDto {
  @ApiPropertyOptional({ description: 'Admins only: include hidden courses' })
  @IsOptional()
  @ToBoolean()
  @IsBoolean({ message: 'includeHidden must be true or false' })
  includeHidden?: boolean;
}

export class CreateCourseDto {
  @ApiProperty({ description: 'A readable slug: lower-case letters, digits and hyphens' })
  @RequiredText('Course id', 60)
  @Matches(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
    message: 'Course id may contain only lower-case letters, digits and single hyphens',
  })
  id: string;

  @ApiProperty() @RequiredText('Name', 200) name: string;
  @ApiProperty() @RequiredText('Amharic name', 200) nameAmharic: string;
  @ApiProperty() @RequiredText('Description', 5000) description: string;
  @ApiProperty() @RequiredText('Amharic description', 5000) descriptionAmharic: string;
  @ApiProperty() @RequiredText('Duration', 100) duration: string;
  @ApiProperty() @RequiredText('Amharic duration', 100) durationAmharic: string;
  @ApiProperty() @RequiredText('Level', 100) level: string;
  @ApiProperty() @RequiredText('Amharic level', 100) levelAmharic: string;
  @ApiProperty({ description: 'As shown, e.g. $80/month' })
  @RequiredText('Price', 100)
  price: string;
  @ApiProperty() @RequiredText('Amharic price', 100) priceAmharic: string;

  @ApiPropertyOptional({ type: [String] }) @Subjects('subjects') subjects?: string[];
  @ApiPropertyOptional({ type: [String] }) @Subjects('Amharic subjects') subjectsAmharic?: string[];

  @ApiPropertyOptional({ description: 'true by default; false hides the course from the portal' })
  @OptionalNotNull()
  @IsBoolean({ message: 'isActive must be true or false' })
  isActive?: boolean;

  @SortOrder() sortOrder?: number;
}

/** PUT /tutorials/courses/:id: any subset except the id (enrollments refer to it); no nulls. */
export class UpdateCourseDto extends PartialNotNullType(
  OmitType(CreateCourseDto, ['id'] as const),
) {
  /** The course's updatedAt when the editor was opened (optimistic concurrency). */
  @LoadedUpdatedAt()
  updatedAt?: string;
}

export class CourseDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty() nameAmharic: string;
  @ApiProperty() description: string;
  @ApiProperty() descriptionAmharic: string;
  @ApiProperty() duration: string;
  @ApiProperty() durationAmharic: string;
  @ApiProperty() level: string;
  @ApiProperty() levelAmharic: string;
  @ApiProperty() price: string;
  @ApiProperty() priceAmharic: string;
  @ApiProperty({ type: [String] }) subjects: string[];
  @ApiProperty({ type: [String] }) subjectsAmharic: string[];
  @ApiProperty({ description: 'Enrollments not rejected' }) enrollmentCount: number;
  @ApiProperty() isActive: boolean;
  @ApiProperty() sortOrder: number;
  @ApiProperty({ description: 'The last edit; an editor sends it back with its changes' })
  updatedAt: string;
}

export class CourseDeletedDto {
  @ApiProperty() msg: string;
}

/** Every column but the creation time is public, with the count of enrollments not rejected. */
export function toCourseDto(row: CourseWithCount): CourseDto {
  const { createdAt: _createdAt, updatedAt, ...fields } = row;
  return { ...fields, updatedAt: updatedAt.toISOString() };
}
