import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser, CurrentUser, Member, Public } from '../../common/auth/auth.decorators';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { CommonErrorCode } from '../../common/errors/common.errors';
import { AuthResponseDto } from '../auth/auth.dto';
import { AuthErrorCode } from '../auth/auth.errors';
import { OidcClients } from './oidc-clients';
import {
  OidcProviderListDto,
  OidcStartDto,
  OidcStartResponseDto,
  SignInMethodsDto,
} from './oidc.dto';
import { OidcErrorCode, OidcProblem } from './oidc.errors';
import { OidcService } from './oidc.service';
import { BeforeProfileComplete } from '../auth/complete-profile';

@ApiTags('auth')
@Controller()
export class OidcController {
  constructor(
    private readonly oidc: OidcService,
    private readonly clients: OidcClients,
  ) {}

  @Get('auth/oidc/providers')
  @Public()
  @ApiOperation({
    summary: 'The OpenID Connect providers members may sign in with (none unless configured)',
  })
  @ApiOkResponse({ type: OidcProviderListDto })
  providers(): OidcProviderListDto {
    return { providers: this.oidc.providers() };
  }

  @Post('auth/oidc/:provider/start')
  @Public()
  @ApiOperation({
    summary:
      'Start signing in (or, signed in, linking) with a provider: its authorisation URL, with PKCE, state and nonce; the attempt is bound to this browser by a cookie',
  })
  @ApiCreatedResponse({ type: OidcStartResponseDto })
  @ApiErrors({
    401: [CommonErrorCode.UNAUTHORIZED],
    404: [OidcErrorCode.OIDC_PROVIDER_UNKNOWN],
    503: [OidcErrorCode.OIDC_PROVIDER_UNAVAILABLE],
  })
  async start(
    @Param('provider') provider: string,
    @Body() dto: OidcStartDto,
    @CurrentUser() user: AuthUser | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OidcStartResponseDto> {
    const { url, cookie } = await this.oidc.start(
      provider,
      dto.intent ?? 'sign-in',
      user,
      dto.language,
    );
    reply.header('set-cookie', cookie).header('cache-control', 'no-store');
    return { url };
  }

  @Get('auth/oidc/:provider/callback')
  @Public()
  @ApiOperation({
    summary:
      "The provider's answer: always a redirect, to /login?oidc=signed-in (then POST /auth/oidc/session), /profile?oidcLinked={provider}, or the page it came from with ?oidcError={code}",
  })
  @ApiResponse({
    status: 302,
    description: `To the sign-in page or the profile; oidcError is one of ${Object.values(OidcProblem).join(', ')}`,
  })
  async callback(
    @Param('provider') provider: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const configured = this.clients.provider(provider);
    // The URL the provider redirected to, as registered with it, with the answer's parameters.
    const answer = new URL(
      configured ? this.clients.redirectUri(configured) : 'http://localhost/unknown',
    );
    answer.search = new URL(request.url, 'http://localhost').search;
    const outcome = await this.oidc.finish(provider, answer, request.headers.cookie);
    await reply
      .header('set-cookie', outcome.cookies)
      .header('cache-control', 'no-store')
      .redirect(outcome.location, 302);
  }

  @Post('auth/oidc/session')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The session of the member a provider's answer just signed in (the hand-off cookie, once, within two minutes)",
  })
  @ApiOkResponse({ type: AuthResponseDto })
  @ApiErrors({
    401: [OidcErrorCode.OIDC_SESSION_MISSING],
    403: [AuthErrorCode.ACCOUNT_BLOCKED],
  })
  async session(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponseDto> {
    const { session, cookie } = await this.oidc.exchange(request.headers.cookie);
    reply.header('set-cookie', cookie).header('cache-control', 'no-store');
    return session;
  }

  @Get('account/sign-in-methods')
  @Member()
  @BeforeProfileComplete()
  @ApiOperation({ summary: 'How I sign in: a password, and each linked provider' })
  @ApiOkResponse({ type: SignInMethodsDto })
  methods(@CurrentUser() user: AuthUser): Promise<SignInMethodsDto> {
    return this.oidc.methods(user.id);
  }

  @Delete('account/sign-in-methods/:provider')
  @Member()
  @BeforeProfileComplete()
  @ApiOperation({ summary: 'Unlink a provider, unless it is my last way to sign in' })
  @ApiOkResponse({ type: SignInMethodsDto })
  @ApiErrors({
    404: [OidcErrorCode.OIDC_NOT_LINKED],
    409: [OidcErrorCode.OIDC_LAST_SIGN_IN_METHOD],
  })
  unlink(
    @CurrentUser() user: AuthUser,
    @Param('provider') provider: string,
  ): Promise<SignInMethodsDto> {
    return this.oidc.unlink(user.id, provider);
  }
}
