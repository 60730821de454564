import { Body, Controller, Delete, Get, Param, Post, Put, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public, Roles } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { IdPipe } from '../../common/validation/uuid.pipe';
import { readMultipart } from '../media/media.multipart';
import { ApiSingleFileUpload } from '../media/media.openapi';
import {
  CreateTeamMemberDto,
  TeamMemberDeletedDto,
  TeamMemberDto,
  UpdateTeamMemberDto,
} from './team.dto';
import { TEAM_PHOTO_UPLOAD, TeamService } from './team.service';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { EDIT_CONFLICT_ERRORS } from '../../common/concurrency/edit-conflict';
import { TeamErrorCode, teamMemberNotFound } from './team.errors';

const memberId = new IdPipe(teamMemberNotFound);

@ApiTags('team')
@ApiErrors({
  400: [TeamErrorCode.PHOTO_REQUIRED],
  404: [TeamErrorCode.TEAM_MEMBER_NOT_FOUND],
})
@Controller('team')
export class TeamController {
  constructor(private readonly team: TeamService) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'The whole team, founders first' })
  @ApiOkResponse({ type: [TeamMemberDto] })
  list(): Promise<TeamMemberDto[]> {
    return this.team.list(false);
  }

  @Get('instructors')
  @Public()
  @ApiOperation({ summary: 'The course instructors' })
  @ApiOkResponse({ type: [TeamMemberDto] })
  instructors(): Promise<TeamMemberDto[]> {
    return this.team.list(true);
  }

  @Post()
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Add a team member (admins)' })
  @ApiCreatedResponse({ type: TeamMemberDto })
  create(@Body() dto: CreateTeamMemberDto): Promise<TeamMemberDto> {
    return this.team.create(dto);
  }

  @Put(':id')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Edit a team member (admins)' })
  @ApiOkResponse({ type: TeamMemberDto })
  @ApiErrors(EDIT_CONFLICT_ERRORS)
  update(
    @Param('id', memberId) id: string,
    @Body() dto: UpdateTeamMemberDto,
  ): Promise<TeamMemberDto> {
    return this.team.update(id, dto);
  }

  @Put(':id/photo')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: "Upload the member's photo (admins, multipart field photo)" })
  @ApiSingleFileUpload('photo', TeamMemberDto)
  async setPhoto(
    @Param('id', memberId) id: string,
    @Req() request: FastifyRequest,
  ): Promise<TeamMemberDto> {
    return this.team.setPhoto(id, await readMultipart(request, TEAM_PHOTO_UPLOAD));
  }

  @Delete(':id')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Remove a team member and their photo (admins)' })
  @ApiOkResponse({ type: TeamMemberDeletedDto })
  remove(@Param('id', memberId) id: string): Promise<TeamMemberDeletedDto> {
    return this.team.remove(id);
  }
}
