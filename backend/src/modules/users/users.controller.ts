import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Member, Roles } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { IdPipe } from '../../common/validation/uuid.pipe';
import {
  SetLanguageDto,
  SetRoleDto,
  SetTimeZoneDto,
  UpdateProfileDto,
  UserDto,
  UserListDto,
  UserListQueryDto,
} from './users.dto';
import { UsersService } from './users.service';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { CommonErrorCode } from '../../common/errors/common.errors';
import { userNotFound, UsersErrorCode } from './users.errors';
import { BeforeProfileComplete } from '../auth/complete-profile';

const userId = new IdPipe(userNotFound);

@ApiTags('users')
@ApiErrors({
  400: [
    UsersErrorCode.CANNOT_BLOCK_SELF,
    UsersErrorCode.CANNOT_BLOCK_ADMIN,
    UsersErrorCode.CANNOT_CHANGE_OWN_ROLE,
  ],
  404: [UsersErrorCode.USER_NOT_FOUND],
})
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Put('profile')
  @Member()
  @BeforeProfileComplete()
  @ApiOperation({ summary: 'Update my profile (email cannot change here)' })
  @ApiOkResponse({ type: UserDto })
  updateProfile(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto): Promise<UserDto> {
    return this.users.updateProfile(user.id, dto);
  }

  @Put('me/language')
  @Member()
  @BeforeProfileComplete()
  @ApiOperation({ summary: 'Set my language (the language picker; emails follow it)' })
  @ApiOkResponse({ type: UserDto })
  setLanguage(@CurrentUser() user: AuthUser, @Body() dto: SetLanguageDto): Promise<UserDto> {
    return this.users.setLanguage(user.id, dto.language);
  }

  @Put('me/time-zone')
  @Member()
  @BeforeProfileComplete()
  @ApiOperation({
    summary: "Set my time zone (the portal sends the browser's when the profile has none)",
  })
  @ApiOkResponse({ type: UserDto })
  @ApiErrors({ 400: [CommonErrorCode.VALIDATION_FAILED] })
  setTimeZone(@CurrentUser() user: AuthUser, @Body() dto: SetTimeZoneDto): Promise<UserDto> {
    return this.users.setTimeZone(user.id, dto.timeZone);
  }

  @Get()
  @Roles('admin')
  @ApiOperation({
    summary: 'List members, newest first; search by name, email or profession (admins)',
  })
  @ApiOkResponse({ type: UserListDto })
  list(@Query() query: UserListQueryDto): Promise<UserListDto> {
    return this.users.list(query);
  }

  @Put(':id/approve')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Mark a member as approved (verified) (admins; audited)' })
  @ApiOkResponse({ type: UserDto })
  approve(@CurrentUser() admin: AuthUser, @Param('id', userId) id: string): Promise<UserDto> {
    return this.users.approve(admin, id);
  }

  @Put(':id/confirm-email')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({
    summary:
      "Confirm a member's email address for them, e.g. when no email can reach them (admins; audited)",
  })
  @ApiOkResponse({ type: UserDto })
  confirmEmail(@CurrentUser() admin: AuthUser, @Param('id', userId) id: string): Promise<UserDto> {
    return this.users.confirmEmail(admin, id);
  }

  @Put(':id/block')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Block a member: no sign-in, tokens stop working (admins; audited)' })
  @ApiOkResponse({ type: UserDto })
  block(@CurrentUser() admin: AuthUser, @Param('id', userId) id: string): Promise<UserDto> {
    return this.users.block(admin, id);
  }

  @Put(':id/unblock')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Lift a block (admins; audited)' })
  @ApiOkResponse({ type: UserDto })
  unblock(@CurrentUser() admin: AuthUser, @Param('id', userId) id: string): Promise<UserDto> {
    return this.users.unblock(admin, id);
  }

  @Put(':id/role')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: "Change another account's role (admins; audited)" })
  @ApiOkResponse({ type: UserDto })
  setRole(
    @CurrentUser() admin: AuthUser,
    @Param('id', userId) id: string,
    @Body() dto: SetRoleDto,
  ): Promise<UserDto> {
    return this.users.setRole(admin, id, dto.role);
  }
}
