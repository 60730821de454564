import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEnum, IsIn } from 'class-validator';
import { Language } from '../../common/language';
import { OptionalNotNull } from '../../common/validation/optional.decorators';

/** A configured provider, as the "Continue with …" buttons show it. */
export class OidcProviderDto {
  @ApiProperty({ description: 'In URLs: /api/auth/oidc/{id}/start' }) id: string;
  @ApiProperty({ description: "The provider's name, e.g. Google" }) name: string;
}

export class OidcProviderListDto {
  @ApiProperty({ type: [OidcProviderDto] }) providers: OidcProviderDto[];
}

/** POST /auth/oidc/{provider}/start */
export class OidcStartDto {
  @ApiPropertyOptional({
    enum: ['sign-in', 'link'],
    enumName: 'OidcIntent',
    description: 'sign-in (default), or link to the signed-in member',
  })
  @OptionalNotNull()
  @IsIn(['sign-in', 'link'], { message: 'intent must be sign-in or link' })
  intent?: 'sign-in' | 'link';

  @ApiPropertyOptional({
    enum: Language,
    enumName: 'Language',
    description: 'The interface language: a member created by this sign-in gets it',
  })
  @OptionalNotNull()
  @IsEnum(Language, { message: 'Language must be en or am' })
  language?: Language;
}

export class OidcStartResponseDto {
  @ApiProperty({ description: "The provider's authorisation URL: the browser goes there" })
  url: string;
}

export class LinkedIdentityDto {
  @ApiProperty() provider: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional({ nullable: true, type: String }) email: string | null;
  @ApiProperty() linkedAt: string;
}

/** GET /account/sign-in-methods: how the member signs in. */
export class SignInMethodsDto {
  @ApiProperty({ description: 'Whether the account has a password' }) password: boolean;
  @ApiProperty({ type: [LinkedIdentityDto] }) identities: LinkedIdentityDto[];
}
