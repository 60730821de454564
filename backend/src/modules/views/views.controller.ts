import { Controller, Headers, HttpCode, Ip, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { ViewCountDto } from './views.dto';
import { ViewsService } from './views.service';
import { ContentErrorCode, MEMBERS_ONLY_CONTENT_ERRORS } from '../../common/content/content.errors';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { KeepsReadCache } from '../../common/cache/http-caching';

@ApiTags('views')
@ApiErrors({ 404: [ContentErrorCode.CONTENT_NOT_FOUND] }, MEMBERS_ONLY_CONTENT_ERRORS)
@Controller()
export class ViewsController {
  constructor(private readonly views: ViewsService) {}

  @Post(':type/:id/view')
  @KeepsReadCache()
  @HttpCode(200)
  @Public()
  @RateLimit('writes')
  @ApiOperation({ summary: 'Record a view; one viewer counts once per item per 30 minutes' })
  @ApiParam({ name: 'type', description: 'events (or event), news, directory', example: 'news' })
  @ApiOkResponse({ type: ViewCountDto })
  record(
    @Param('type') type: string,
    @Param('id') id: string,
    @CurrentUser() user: AuthUser | undefined,
    @Ip() ip: string,
    @Headers('user-agent') userAgent: string | undefined,
  ): Promise<ViewCountDto> {
    return this.views.record(type, id, { user, ip, userAgent });
  }
}
