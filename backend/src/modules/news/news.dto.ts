import { LoadedUpdatedAt } from '../../common/concurrency/edit-conflict';
import { DislikesProperty, LikesProperty, MyReactionProperty } from '../reactions/reactions.dto';
import type { UserReaction } from '../reactions/reactions.service';
import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, Matches } from 'class-validator';
import { CursorPageQueryDto, NextCursorProperty } from '../../common/pagination/pagination';
import { ToBoolean } from '../../common/validation/form.decorators';
import { OptionalNotNull, PartialNotNullType } from '../../common/validation/optional.decorators';
import { engagementFields, type Engagement } from '../../common/content/engagement';
import {
  IsOptionalBlank,
  OptionalText,
  RequiredText,
} from '../../common/validation/text.decorators';
import { NewsArticle } from './news.repository';
import { NEWS_CATEGORIES } from './news.schema';

export class NewsQueryDto extends CursorPageQueryDto {
  @ApiPropertyOptional({ description: 'Full-text search in title, excerpt and content' })
  @OptionalText('search', 200)
  search?: string;

  @ApiPropertyOptional({ enum: NEWS_CATEGORIES, enumName: 'NewsCategory' })
  @IsOptionalBlank()
  @IsIn(NEWS_CATEGORIES, { message: `category must be one of ${NEWS_CATEGORIES.join(', ')}` })
  category?: string;

  @ApiPropertyOptional({ description: 'true: featured only; false: not featured' })
  @IsOptional()
  @ToBoolean()
  @IsBoolean({ message: 'featured must be true or false' })
  featured?: boolean;
}

export class CreateNewsDto {
  @ApiProperty() @RequiredText('Title', 200) title: string;
  @ApiProperty() @RequiredText('Content', 50000) content: string;
  @ApiPropertyOptional() @OptionalText('Excerpt', 500) excerpt?: string;

  @ApiPropertyOptional({ description: 'An http(s) URL or an uploaded file path (/api/files/...)' })
  @OptionalText('Image', 1000)
  @IsOptionalBlank()
  @Matches(/^(https?:\/\/|\/api\/files\/)\S+$/, { message: 'Image must be a valid URL' })
  image?: string;

  @ApiPropertyOptional({ enum: NEWS_CATEGORIES, enumName: 'NewsCategory', default: 'community' })
  @IsOptionalBlank()
  @IsIn(NEWS_CATEGORIES, { message: `Category must be one of ${NEWS_CATEGORIES.join(', ')}` })
  category?: string;

  @ApiPropertyOptional({ default: false })
  @OptionalNotNull()
  @ToBoolean()
  @IsBoolean({ message: 'featured must be true or false' })
  featured?: boolean;

  @ApiPropertyOptional({ default: true })
  @OptionalNotNull()
  @ToBoolean()
  @IsBoolean({ message: 'published must be true or false' })
  published?: boolean;
}

/** PUT /news/:id: any subset; title and content stay non-blank (and non-null) when sent. */
export class UpdateNewsDto extends PartialNotNullType(CreateNewsDto) {
  /** The article's updatedAt when the editor was opened (optimistic concurrency). */
  @LoadedUpdatedAt()
  updatedAt?: string;
}

export class NewsAuthorDto {
  @ApiProperty({ nullable: true, type: String }) _id: string | null;
  @ApiProperty({ description: 'Admin when the author is unknown' }) name: string;
}

/** Spec section 9: a card's excerpt falls back to the first 150 characters of the content. */
export const EXCERPT_FALLBACK_LENGTH = 150;

/** An article as the list's card and the admin table show it: no content, the excerpt to show. */
export class NewsSummaryDto {
  @ApiProperty() _id: string;
  @ApiProperty() title: string;
  @ApiProperty({
    description: `The article's excerpt, or the first ${EXCERPT_FALLBACK_LENGTH} characters of its content followed by "..." when it has none`,
  })
  excerpt: string;
  @ApiProperty({ nullable: true, type: String }) image: string | null;
  @ApiProperty({ enum: NEWS_CATEGORIES, enumName: 'NewsCategory' }) category: string;
  @ApiProperty() featured: boolean;
  @ApiProperty() published: boolean;
  @ApiProperty({ type: NewsAuthorDto }) author: NewsAuthorDto;
  @ApiProperty({ nullable: true, type: String }) publishedAt: string | null;
  @ApiProperty() createdAt: string;
  @LikesProperty() likes: number;
  @DislikesProperty() dislikes: number;
  @MyReactionProperty() myReaction: UserReaction | null;
  @ApiProperty() views: number;
}

/** The whole article: the card's fields, its content, and its own excerpt (null when it has none). */
export class NewsDto extends OmitType(NewsSummaryDto, ['excerpt'] as const) {
  @ApiProperty() content: string;
  @ApiProperty({ nullable: true, type: String }) excerpt: string | null;
  @ApiProperty() updatedAt: string;
}

export class NewsListDto {
  @ApiProperty({ type: [NewsSummaryDto] }) news: NewsSummaryDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() totalPages: number;
  @NextCursorProperty() nextCursor: string | null;
}

export class NewsDeletedDto {
  @ApiProperty() msg: string;
}

export function toNewsDto(row: NewsArticle, extra: Engagement & { authorName: string }): NewsDto {
  return {
    _id: row.id,
    title: row.title,
    content: row.content,
    excerpt: row.excerpt,
    image: row.image,
    category: row.category,
    featured: row.featured,
    published: row.published,
    author: { _id: row.authorId, name: extra.authorName },
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...engagementFields(extra),
  };
}

/** The list's item: the whole article less its content, with the excerpt a card shows. */
export function toNewsSummaryDto(article: NewsDto): NewsSummaryDto {
  const { content, excerpt, updatedAt: _updatedAt, ...rest } = article;
  return { ...rest, excerpt: excerpt || `${content.slice(0, EXCERPT_FALLBACK_LENGTH)}...` };
}
