import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Member, Roles } from '../../common/auth/auth.decorators';
import { PageQueryDto } from '../../common/pagination/pagination';
import { UpdateProfileDto, UserDto, UserListDto } from './users.dto';
import { UsersService } from './users.service';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Put('profile')
  @Member()
  @ApiOperation({ summary: 'Update my profile (email cannot change here)' })
  @ApiOkResponse({ type: UserDto })
  updateProfile(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto): Promise<UserDto> {
    return this.users.updateProfile(user.id, dto);
  }

  @Get()
  @Roles('admin')
  @ApiOperation({ summary: 'List members, newest first (admins)' })
  @ApiOkResponse({ type: UserListDto })
  list(@Query() query: PageQueryDto): Promise<UserListDto> {
    return this.users.list(query);
  }
}
