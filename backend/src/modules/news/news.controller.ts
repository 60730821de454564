import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AuthUser, CurrentUser, Public, Roles } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { IdPipe } from '../../common/validation/uuid.pipe';
import { readMultipart } from '../media/media.multipart';
import { ApiSingleFileUpload } from '../media/media.openapi';
import {
  CreateNewsDto,
  NewsDeletedDto,
  NewsDto,
  NewsListDto,
  NewsQueryDto,
  UpdateNewsDto,
} from './news.dto';
import { NEWS_IMAGE_UPLOAD, NewsService } from './news.service';
import { newsNotFound } from './news.errors';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { EDIT_CONFLICT_ERRORS } from '../../common/concurrency/edit-conflict';

const articleId = new IdPipe(newsNotFound);

@ApiTags('news')
@Controller('news')
export class NewsController {
  constructor(private readonly news: NewsService) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Articles, newest first; search, category and featured filters' })
  @ApiOkResponse({ type: NewsListDto })
  list(
    @CurrentUser() user: AuthUser | undefined,
    @Query() query: NewsQueryDto,
  ): Promise<NewsListDto> {
    return this.news.list(user, query);
  }

  @Get(':id')
  @Public()
  @ApiOperation({ summary: 'One article (drafts for admins only)' })
  @ApiOkResponse({ type: NewsDto })
  get(
    @CurrentUser() user: AuthUser | undefined,
    @Param('id', articleId) id: string,
  ): Promise<NewsDto> {
    return this.news.get(user, id);
  }

  @Post()
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Publish an article (admins)' })
  @ApiCreatedResponse({ type: NewsDto })
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateNewsDto): Promise<NewsDto> {
    return this.news.create(user, dto);
  }

  @Put(':id')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Edit an article (admins)' })
  @ApiOkResponse({ type: NewsDto })
  @ApiErrors(EDIT_CONFLICT_ERRORS)
  update(@Param('id', articleId) id: string, @Body() dto: UpdateNewsDto): Promise<NewsDto> {
    return this.news.update(id, dto);
  }

  @Put(':id/image')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: "Upload the article's image (admins, multipart field image)" })
  @ApiSingleFileUpload('image', NewsDto)
  async setImage(
    @Param('id', articleId) id: string,
    @Req() request: FastifyRequest,
  ): Promise<NewsDto> {
    return this.news.setImage(id, await readMultipart(request, NEWS_IMAGE_UPLOAD));
  }

  @Delete(':id')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Delete an article with its comments (admins)' })
  @ApiOkResponse({ type: NewsDeletedDto })
  remove(@Param('id', articleId) id: string): Promise<NewsDeletedDto> {
    return this.news.remove(id);
  }
}
