import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AuthUser, CurrentUser, Member, Roles } from '../../common/auth/auth.decorators';
import { PageQueryDto } from '../../common/pagination/pagination';
import { VerifiedEmail } from '../auth/verified-email';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { IdPipe } from '../../common/validation/uuid.pipe';
import { readMultipart } from '../media/media.multipart';
import {
  AdminListingQueryDto,
  ApproveListingDto,
  DirectoryQueryDto,
  FeatureListingDto,
  LISTING_FORM_BODY,
  ListingDeletedDto,
  ListingDto,
  ListingListDto,
  RejectListingDto,
  VerifyListingDto,
} from './directory.dto';
import { DirectoryService, LISTING_UPLOADS } from './directory.service';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { EDIT_CONFLICT_ERRORS } from '../../common/concurrency/edit-conflict';
import { DirectoryErrorCode, listingNotFound } from './directory.errors';

const ListingId = new IdPipe(listingNotFound);

@ApiTags('directory')
@ApiErrors({
  400: [DirectoryErrorCode.TOO_MANY_LISTING_IMAGES],
  403: [DirectoryErrorCode.LISTING_FORBIDDEN],
  404: [DirectoryErrorCode.LISTING_NOT_FOUND],
  409: [
    DirectoryErrorCode.LISTING_NOT_EDITABLE,
    DirectoryErrorCode.LISTING_ALREADY_APPROVED,
    DirectoryErrorCode.LISTING_ALREADY_REJECTED,
  ],
})
@Controller('directory')
export class DirectoryController {
  constructor(private readonly directory: DirectoryService) {}

  @Get()
  @Member()
  @ApiOperation({ summary: 'Approved listings (members): search, type, category, country' })
  @ApiOkResponse({ type: ListingListDto })
  list(@Query() query: DirectoryQueryDto, @CurrentUser() user: AuthUser): Promise<ListingListDto> {
    return this.directory.list(query, user);
  }

  @Get('my-listings')
  @Member()
  @ApiOperation({ summary: "The caller's own listings in every status" })
  @ApiOkResponse({ type: ListingListDto })
  mine(@CurrentUser() user: AuthUser, @Query() query: PageQueryDto): Promise<ListingListDto> {
    return this.directory.mine(user, query);
  }

  @Get('admin/pending')
  @Roles('admin')
  @ApiOperation({ summary: 'Listings waiting for review (admins)' })
  @ApiOkResponse({ type: ListingListDto })
  pending(@Query() query: PageQueryDto): Promise<ListingListDto> {
    return this.directory.moderationList(query, 'pending');
  }

  @Get('admin/all')
  @Roles('admin')
  @ApiOperation({ summary: 'Every listing, optionally of one status (admins)' })
  @ApiOkResponse({ type: ListingListDto })
  all(@Query() query: AdminListingQueryDto): Promise<ListingListDto> {
    return this.directory.moderationList(query);
  }

  @Put('admin/:id/approve')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({
    summary: 'Approve a listing, optionally verified and featured; emails the owner',
  })
  @ApiOkResponse({ type: ListingDto })
  @ApiErrors(EDIT_CONFLICT_ERRORS)
  approve(@Param('id', ListingId) id: string, @Body() dto: ApproveListingDto): Promise<ListingDto> {
    return this.directory.approve(id, dto);
  }

  @Put('admin/:id/reject')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Reject a listing with an optional reason; emails the owner' })
  @ApiOkResponse({ type: ListingDto })
  @ApiErrors(EDIT_CONFLICT_ERRORS)
  reject(@Param('id', ListingId) id: string, @Body() dto: RejectListingDto): Promise<ListingDto> {
    return this.directory.reject(id, dto);
  }

  @Put('admin/:id/verify')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Mark a listing verified (verified: false takes it off)' })
  @ApiOkResponse({ type: ListingDto })
  verify(@Param('id', ListingId) id: string, @Body() dto: VerifyListingDto): Promise<ListingDto> {
    return this.directory.setFlag(id, 'verified', dto.verified);
  }

  @Put('admin/:id/feature')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Mark a listing featured (featured: false takes it off)' })
  @ApiOkResponse({ type: ListingDto })
  feature(@Param('id', ListingId) id: string, @Body() dto: FeatureListingDto): Promise<ListingDto> {
    return this.directory.setFlag(id, 'featured', dto.featured);
  }

  @Get(':id')
  @Member()
  @ApiOperation({
    summary: 'One listing: approved for members, any status for its owner and admins',
  })
  @ApiOkResponse({ type: ListingDto })
  get(@CurrentUser() user: AuthUser, @Param('id', ListingId) id: string): Promise<ListingDto> {
    return this.directory.get(user, id);
  }

  @Post()
  @Member()
  @VerifiedEmail()
  @RateLimit('uploads')
  @ApiOperation({ summary: 'Submit a listing for review (multipart, dotted field names)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(LISTING_FORM_BODY)
  @ApiCreatedResponse({ type: ListingDto })
  async create(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest): Promise<ListingDto> {
    return this.directory.create(user, await readMultipart(request, LISTING_UPLOADS));
  }

  @Put(':id')
  @Member()
  @RateLimit('uploads')
  @ApiOperation({ summary: 'The owner edits a pending or rejected listing and resubmits it' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(LISTING_FORM_BODY)
  @ApiOkResponse({ type: ListingDto })
  @ApiErrors(EDIT_CONFLICT_ERRORS)
  async update(
    @CurrentUser() user: AuthUser,
    @Param('id', ListingId) id: string,
    @Req() request: FastifyRequest,
  ): Promise<ListingDto> {
    return this.directory.update(user, id, await readMultipart(request, LISTING_UPLOADS));
  }

  @Delete(':id')
  @Member()
  @RateLimit('writes')
  @ApiOperation({ summary: 'Delete a listing with its media and engagement (owner or admin)' })
  @ApiOkResponse({ type: ListingDeletedDto })
  remove(
    @CurrentUser() user: AuthUser,
    @Param('id', ListingId) id: string,
  ): Promise<ListingDeletedDto> {
    return this.directory.remove(user, id);
  }
}
