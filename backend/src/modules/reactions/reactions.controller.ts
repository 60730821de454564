import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Member, Public } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { ReactionSummaryDto } from './reactions.dto';
import { ReactionsService } from './reactions.service';
import { ContentErrorCode, MEMBERS_ONLY_CONTENT_ERRORS } from '../../common/content/content.errors';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { CommonErrorCode } from '../../common/errors/common.errors';

const TYPE_PARAM = {
  name: 'type',
  description: 'events (or event), news, directory',
  example: 'news',
};

@ApiTags('reactions')
@ApiParam(TYPE_PARAM)
@ApiErrors(
  { 400: [CommonErrorCode.VALIDATION_FAILED], 404: [ContentErrorCode.CONTENT_NOT_FOUND] },
  MEMBERS_ONLY_CONTENT_ERRORS,
)
@Controller('reactions')
export class ReactionsController {
  constructor(private readonly reactions: ReactionsService) {}

  @Get(':type/:id')
  @Public()
  @ApiOperation({ summary: 'Like and dislike counts, and my own reaction (none for guests)' })
  @ApiOkResponse({ type: ReactionSummaryDto })
  summary(
    @Param('type') type: string,
    @Param('id') id: string,
    @CurrentUser() user: AuthUser | undefined,
  ): Promise<ReactionSummaryDto> {
    return this.reactions.summaryOf(type, id, user);
  }

  @Post(':type/:id/like')
  @HttpCode(200)
  @Member()
  @RateLimit('writes')
  @ApiOperation({ summary: 'Like an item; liking again removes the like' })
  @ApiOkResponse({ type: ReactionSummaryDto })
  like(
    @Param('type') type: string,
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
  ): Promise<ReactionSummaryDto> {
    return this.reactions.react(type, id, user, 'like');
  }

  @Post(':type/:id/dislike')
  @HttpCode(200)
  @Member()
  @RateLimit('writes')
  @ApiOperation({ summary: 'Dislike an item; disliking again removes the dislike' })
  @ApiOkResponse({ type: ReactionSummaryDto })
  dislike(
    @Param('type') type: string,
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
  ): Promise<ReactionSummaryDto> {
    return this.reactions.react(type, id, user, 'dislike');
  }
}
