import { Injectable } from '@nestjs/common';
import { AppException } from '../../common/errors/app-exception';
import { PageQueryDto, paginated, pageWindow } from '../../common/pagination/pagination';
import { toUserDto, UpdateProfileDto, UserDto } from './users.dto';
import { UsersRepository } from './users.repository';
import { NewUserRow, UserRow } from './users.schema';
import { FieldErrorCode } from '../../common/errors/common.errors';
import { UsersErrorCode } from './users.errors';

/** Member accounts: lookups, profile edits, the admin's user list. */
/** Shown when an author's account is gone. */
const UNKNOWN_AUTHOR = 'Admin';

@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.users.findById(id);
  }

  /** Display names of these accounts in one query; missing accounts are absent from the map. */
  async namesByIds(ids: string[]): Promise<Map<string, string>> {
    const rows = await this.users.namesByIds([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** Bylines of these users; an account that is gone reads "Admin" (spec: news author default). */
  async authorNames(ids: string[]): Promise<Map<string, string>> {
    const names = await this.namesByIds(ids);
    return new Map(ids.map((id) => [id, names.get(id) ?? UNKNOWN_AUTHOR]));
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.users.findByEmail(email);
  }

  /** Creates the account, or throws 409 when the email (any case) is taken. */
  async create(values: NewUserRow): Promise<UserRow> {
    const row = await this.users.create(values);
    if (!row) {
      throw AppException.conflict(
        'An account with this email already exists',
        UsersErrorCode.EMAIL_TAKEN,
      );
    }
    return row;
  }

  async getProfile(id: string): Promise<UserDto> {
    const row = await this.users.findById(id);
    if (!row) throw AppException.unauthorized('Your account no longer exists');
    return toUserDto(row);
  }

  async updateProfile(id: string, dto: UpdateProfileDto): Promise<UserDto> {
    const current = await this.users.findById(id);
    if (!current) throw AppException.unauthorized('Your account no longer exists');
    if (dto.email && dto.email.trim().toLowerCase() !== current.email) {
      throw AppException.invalidField(
        'email',
        'Email cannot be changed from the profile',
        FieldErrorCode.READ_ONLY,
      );
    }
    const blankToNull = (value: string | undefined) =>
      value === undefined ? undefined : value === '' ? null : value;
    const socialLinks = dto.socialLinks
      ? Object.fromEntries(Object.entries(dto.socialLinks).filter(([, url]) => url))
      : undefined;
    const row = await this.users.update(id, {
      name: dto.name,
      country: dto.country,
      profession: dto.profession,
      phone: blankToNull(dto.phone),
      bio: blankToNull(dto.bio),
      company: blankToNull(dto.company),
      jobTitle: blankToNull(dto.jobTitle),
      experience: blankToNull(dto.experience),
      education: blankToNull(dto.education),
      languages: dto.languages?.map((item) => item.trim()).filter(Boolean),
      skills: dto.skills?.map((item) => item.trim()).filter(Boolean),
      interests: dto.interests,
      socialLinks,
    });
    if (!row) throw AppException.unauthorized('Your account no longer exists');
    return toUserDto(row);
  }

  async list(query: PageQueryDto) {
    const window = pageWindow(query, 20);
    const { rows, total } = await this.users.list(window);
    return paginated('users', rows.map(toUserDto), total, window);
  }

  /** Makes sure the configured admin account exists and holds the admin role. */
  async ensureAdmin(values: { email: string; passwordHash: string; name: string }): Promise<void> {
    const existing = await this.users.findByEmail(values.email);
    if (existing) {
      if (existing.role !== 'admin') await this.users.update(existing.id, { role: 'admin' });
      return;
    }
    await this.users.create({
      ...values,
      role: 'admin',
      country: 'Other',
      profession: 'Administrator',
    });
  }
}
