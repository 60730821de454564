import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { AuthUser, CurrentUser, Member, Public } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { UserDto } from '../users/users.dto';
import { UsersService } from '../users/users.service';
import { AuthResponseDto, LoginDto, RegisterDto } from './auth.dto';
import { AuthService } from './auth.service';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { UsersErrorCode } from '../users/users.errors';
import { AuthErrorCode } from './auth.errors';
import { KeepsReadCache } from '../../common/cache/http-caching';
import { BeforeProfileComplete } from './complete-profile';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
  ) {}

  @ApiErrors({ 400: [AuthErrorCode.PASSWORD_TOO_WEAK] })
  @Post('register')
  @Public()
  @RateLimit('register')
  @ApiOperation({ summary: 'Create a member account and sign in' })
  @ApiCreatedResponse({ type: AuthResponseDto })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address' })
  @ApiErrors({ 409: [UsersErrorCode.EMAIL_TAKEN] })
  register(@Body() dto: RegisterDto): Promise<AuthResponseDto> {
    return this.auth.register(dto);
  }

  @ApiErrors({ 403: [AuthErrorCode.ACCOUNT_BLOCKED], 429: [AuthErrorCode.LOGIN_BACKOFF] })
  @Post('login')
  @KeepsReadCache()
  @HttpCode(200)
  @Public()
  @RateLimit('login')
  @ApiOperation({ summary: 'Sign in with email and password' })
  @ApiOkResponse({ type: AuthResponseDto })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address' })
  @ApiErrors({ 401: [AuthErrorCode.INVALID_CREDENTIALS] })
  login(@Body() dto: LoginDto): Promise<AuthResponseDto> {
    return this.auth.login(dto);
  }

  @Get('me')
  @Member()
  @BeforeProfileComplete()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: UserDto })
  me(@CurrentUser() user: AuthUser): Promise<UserDto> {
    return this.users.getProfile(user.id);
  }
}
