import { DislikesProperty, LikesProperty, MyReactionProperty } from '../reactions/reactions.dto';
import type { ReactionCounts, UserReaction } from '../reactions/reactions.service';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID } from 'class-validator';
import { RequiredText } from '../../common/validation/text.decorators';
import { NextCursorProperty } from '../../common/pagination/pagination';
import { CONTENT_TYPES } from '../../common/content/content-registry';
import type { CommentRow } from './comments.schema';

export const COMMENT_MAX = 5000;
export const REPLY_MAX = 100;

/** POST /comments: a comment, or a reply when parentComment is given. */
export class CreateCommentDto {
  @ApiProperty({ maxLength: COMMENT_MAX, description: `A reply takes at most ${REPLY_MAX}` })
  @RequiredText('Comment', COMMENT_MAX)
  content: string;

  @ApiProperty({ description: 'events (or event), news, directory', example: 'news' })
  @IsString({ message: 'contentType is required' })
  contentType: string;

  @ApiProperty({ format: 'uuid' })
  @IsString({ message: 'contentId is required' })
  contentId: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'The top-level comment this replies to' })
  @IsOptional()
  @IsUUID('all', { message: 'parentComment must be a comment id' })
  parentComment?: string;
}

export class CommentAuthorDto {
  @ApiProperty() _id: string;
  @ApiProperty() name: string;
}

export class CommentDto {
  @ApiProperty() _id: string;
  @ApiProperty() content: string;
  @ApiProperty({ enum: CONTENT_TYPES, enumName: 'ContentType' })
  contentType: string;
  @ApiProperty() contentId: string;
  @ApiProperty({ nullable: true, type: String }) parentComment: string | null;
  @ApiProperty({
    type: CommentAuthorDto,
    nullable: true,
    description: 'null when the author deleted their account (authorDeleted is then true)',
  })
  author: CommentAuthorDto | null;
  @ApiProperty({ description: 'The author deleted their account; show "Deleted member"' })
  authorDeleted: boolean;
  @LikesProperty() likes: number;
  @DislikesProperty() dislikes: number;
  @MyReactionProperty() myReaction: UserReaction | null;
  @ApiProperty() replyCount: number;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

export class CommentListDto {
  @ApiProperty({ type: [CommentDto] }) comments: CommentDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() totalPages: number;
  @NextCursorProperty() nextCursor: string | null;
}

export class ReplyListDto {
  @ApiProperty({ type: [CommentDto] }) replies: CommentDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() totalPages: number;
  @NextCursorProperty() nextCursor: string | null;
}

export class CommentReactionsDto {
  @ApiProperty() _id: string;
  @LikesProperty() likes: number;
  @DislikesProperty() dislikes: number;
  @MyReactionProperty() myReaction: UserReaction | null;
}

export class CommentDeletedDto {
  @ApiProperty() msg: string;
}

export function toCommentDto(
  row: CommentRow,
  extra: ReactionCounts & { authorName: string; replyCount: number },
): CommentDto {
  return {
    _id: row.id,
    content: row.content,
    contentType: row.contentType,
    contentId: row.contentId,
    parentComment: row.parentId,
    author: row.authorId ? { _id: row.authorId, name: extra.authorName } : null,
    authorDeleted: row.authorId === null,
    likes: extra.likes,
    dislikes: extra.dislikes,
    myReaction: extra.myReaction,
    replyCount: extra.replyCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
