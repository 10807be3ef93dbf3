import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal, Public } from '../access/access.decorators';
import { AuthRateLimited } from '../rate-limits/auth-rate-limit.decorator';
import { AuthService } from './auth.service';
import { BearerToken } from './bearer-token.decorator';
import { LoginBody, LogoutBody, RefreshTokenBody, TokenResponse } from '@app/contracts';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @Public()
  @AuthRateLimited()
  @HttpCode(200)
  @ApiOperation({ summary: 'Log in: an access token and a refresh token' })
  @ApiOkResponse({ type: TokenResponse })
  @ApiUnauthorizedResponse({ description: '`invalid_credentials`: email or password is incorrect (the same for both)' })
  @ApiUnprocessableEntityResponse({ description: '`validation_error`' })
  login(@Body() dto: LoginBody): Promise<TokenResponse> {
    return this.auth.login(dto);
  }

  @Post('refresh')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Exchange a refresh token for a new pair',
    description: 'Each refresh token works once. Presenting a used one again revokes the whole session.',
  })
  @ApiOkResponse({ type: TokenResponse })
  @ApiUnauthorizedResponse({ description: '`invalid_token`: unknown, used, expired or revoked' })
  refresh(@Body() dto: RefreshTokenBody): Promise<TokenResponse> {
    return this.auth.refresh(dto);
  }

  @Post('logout')
  @Authenticated(['user'])
  @HttpCode(204)
  @ApiOperation({ summary: "End the caller's session: its access and refresh tokens stop working" })
  @ApiNoContentResponse()
  logout(
    @CurrentPrincipal() principal: Principal,
    @BearerToken() accessToken: string | undefined,
    @Body() dto: LogoutBody,
  ): Promise<void> {
    return this.auth.logout(principal, accessToken, dto);
  }
}
