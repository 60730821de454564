import { Injectable } from '@nestjs/common';
import { AppException } from '../../common/errors/app-exception';
import { loadedAt, refusedEdit } from '../../common/concurrency/edit-conflict';
import { FileFieldRule, MultipartForm } from '../media/media.multipart';
import { MediaService } from '../media/media.service';
import {
  CreateTeamMemberDto,
  TeamMemberDto,
  toTeamMemberDto,
  UpdateTeamMemberDto,
} from './team.dto';
import { TeamErrorCode, teamMemberNotFound } from './team.errors';
import { TeamRepository } from './team.repository';
import { TeamSocialLinks } from './team.schema';

/** PUT /team/:id/photo: one image, up to 20 MB (the platform's image limit). */
export const TEAM_PHOTO_UPLOAD: Record<string, FileFieldRule> = {
  photo: { kind: 'image', maxCount: 1, maxBytes: 20 * 1024 * 1024 },
};

const blankToNull = (value: string | undefined) =>
  value === undefined ? undefined : value || null;

/** Empty links are dropped rather than stored as ''. */
const links = (value: TeamSocialLinks | undefined) =>
  value && Object.fromEntries(Object.entries(value).filter(([, link]) => link));

/** The team and instructors: public lists, admin edits and photos through the media service. */
@Injectable()
export class TeamService {
  constructor(
    private readonly team: TeamRepository,
    private readonly media: MediaService,
  ) {}

  async list(instructorsOnly: boolean): Promise<TeamMemberDto[]> {
    return (await this.team.list({ instructorsOnly })).map(toTeamMemberDto);
  }

  async create(dto: CreateTeamMemberDto): Promise<TeamMemberDto> {
    const row = await this.team.create({
      ...dto,
      positionAmharic: blankToNull(dto.positionAmharic),
      bioAmharic: blankToNull(dto.bioAmharic),
      socialLinks: links(dto.socialLinks),
    });
    return toTeamMemberDto(row);
  }

  async update(id: string, dto: UpdateTeamMemberDto): Promise<TeamMemberDto> {
    const { updatedAt, ...fields } = dto;
    const values = {
      ...fields,
      positionAmharic: blankToNull(dto.positionAmharic),
      bioAmharic: blankToNull(dto.bioAmharic),
      socialLinks: links(dto.socialLinks),
    };
    const changes = Object.fromEntries(
      Object.entries(values).filter(([, value]) => value !== undefined),
    );
    const row = await this.team.edit(id, changes, loadedAt(updatedAt));
    if (!row) return refusedEdit(this.team.findById(id), teamMemberNotFound);
    return toTeamMemberDto(row);
  }

  /** Stores the photo through the one upload path and replaces the previous one. */
  async setPhoto(id: string, form: MultipartForm): Promise<TeamMemberDto> {
    const current = await this.team.findById(id);
    if (!current) throw teamMemberNotFound();
    const file = form.files.photo?.[0];
    if (!file) {
      throw AppException.badRequest('Please choose an image file', TeamErrorCode.PHOTO_REQUIRED, [
        { field: 'photo', msg: 'Please choose an image file' },
      ]);
    }
    const stored = await this.media.saveImage(`team/${id}`, file);
    const row = await this.team.update(id, { profileImage: stored.url });
    if (!row) {
      // Deleted while uploading: do not leave the files behind.
      await this.media.removeUrls([stored.url, stored.thumbnail]);
      throw teamMemberNotFound();
    }
    await this.media.removeUrls([current.profileImage]).catch(() => undefined);
    return toTeamMemberDto(row);
  }

  async remove(id: string): Promise<{ msg: string }> {
    const row = await this.team.delete(id);
    if (!row) throw teamMemberNotFound();
    await this.media.removeFolder(`team/${id}`).catch(() => undefined);
    return { msg: 'Team member deleted' };
  }
}
