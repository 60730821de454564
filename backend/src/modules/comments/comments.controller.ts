import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { AuthUser, CurrentUser, Member, Public } from '../../common/auth/auth.decorators';
import { CursorPageQueryDto } from '../../common/pagination/pagination';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { IdPipe } from '../../common/validation/uuid.pipe';
import {
  CommentDeletedDto,
  CommentDto,
  CommentListDto,
  CommentReactionsDto,
  CreateCommentDto,
  ReplyListDto,
} from './comments.dto';
import { CommentsService } from './comments.service';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { CommonErrorCode } from '../../common/errors/common.errors';
import { ContentErrorCode, MEMBERS_ONLY_CONTENT_ERRORS } from '../../common/content/content.errors';
import { commentNotFound, CommentsErrorCode } from './comments.errors';

const commentId = new IdPipe(commentNotFound);

@ApiTags('comments')
@Controller('comments')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get('replies/:commentId')
  @Public()
  @ApiOperation({ summary: 'Replies to a comment, oldest first; by page or by cursor' })
  @ApiOkResponse({ type: ReplyListDto })
  @ApiErrors({ 400: [CommonErrorCode.VALIDATION_FAILED] }, MEMBERS_ONLY_CONTENT_ERRORS)
  replies(
    @Param('commentId', commentId) id: string,
    @Query() query: CursorPageQueryDto,
    @CurrentUser() user: AuthUser | undefined,
  ): Promise<ReplyListDto> {
    return this.comments.replies(id, query, user);
  }

  @Get(':contentType/:contentId')
  @Public()
  @ApiOperation({
    summary: 'Top-level comments of an item, newest first, with reply counts; by page or by cursor',
  })
  @ApiParam({ name: 'contentType', description: 'events (or event), news, directory' })
  @ApiOkResponse({ type: CommentListDto })
  @ApiErrors(
    { 400: [CommonErrorCode.VALIDATION_FAILED], 404: [ContentErrorCode.CONTENT_NOT_FOUND] },
    MEMBERS_ONLY_CONTENT_ERRORS,
  )
  list(
    @Param('contentType') contentType: string,
    @Param('contentId') contentId: string,
    @Query() query: CursorPageQueryDto,
    @CurrentUser() user: AuthUser | undefined,
  ): Promise<CommentListDto> {
    return this.comments.list(contentType, contentId, query, user);
  }

  @Post()
  @Member()
  @RateLimit('writes')
  @ApiOperation({ summary: 'Comment on an item, or reply to a top-level comment' })
  @ApiCreatedResponse({ type: CommentDto })
  @ApiErrors({ 404: [ContentErrorCode.CONTENT_NOT_FOUND, CommentsErrorCode.COMMENT_NOT_FOUND] })
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateCommentDto): Promise<CommentDto> {
    return this.comments.create(user, dto);
  }

  @Post(':id/like')
  @HttpCode(200)
  @Member()
  @RateLimit('writes')
  @ApiOperation({ summary: 'Like a comment; liking again removes the like' })
  @ApiOkResponse({ type: CommentReactionsDto })
  like(
    @CurrentUser() user: AuthUser,
    @Param('id', commentId) id: string,
  ): Promise<CommentReactionsDto> {
    return this.comments.react(user, id, 'like');
  }

  @Post(':id/dislike')
  @HttpCode(200)
  @Member()
  @RateLimit('writes')
  @ApiOperation({ summary: 'Dislike a comment; disliking again removes the dislike' })
  @ApiOkResponse({ type: CommentReactionsDto })
  dislike(
    @CurrentUser() user: AuthUser,
    @Param('id', commentId) id: string,
  ): Promise<CommentReactionsDto> {
    return this.comments.react(user, id, 'dislike');
  }

  @Delete(':id')
  @Member()
  @RateLimit('writes')
  @ApiOperation({ summary: 'Delete a comment and its replies (its author or an admin)' })
  @ApiOkResponse({ type: CommentDeletedDto })
  @ApiErrors({ 403: [CommentsErrorCode.NOT_YOUR_COMMENT] })
  remove(
    @CurrentUser() user: AuthUser,
    @Param('id', commentId) id: string,
  ): Promise<CommentDeletedDto> {
    return this.comments.remove(user, id);
  }
}
