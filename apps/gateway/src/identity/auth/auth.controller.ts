import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal, Public } from '../access/access.decorators';
import { AuthRateLimited } from '../rate-limits/auth-rate-limit.decorator';
import { AuthService } from './auth.service';
import { BearerToken } from './bearer-token.decorator';
import { LoginBody, LogoutBody, RefreshTokenBody, TokenResponse } from '@app/contracts';
import { ApiRoute } from '../../openapi/api-route.decorator';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @Public()
  @AuthRateLimited()
  @HttpCode(200)
  @ApiRoute('Log in: an access token and a refresh token', {
    200: TokenResponse,
    401: '`invalid_credentials`: email or password is incorrect (the same for both)',
    422: '`validation_error`',
  })
  login(@Body() dto: LoginBody) {
    return this.auth.login(dto);
  }

  @Post('refresh')
  @Public()
  @HttpCode(200)
  @ApiRoute('Exchange a refresh token for a new pair', {
    description: 'Each refresh token works once. Presenting a used one again revokes the whole session.',
    200: TokenResponse,
    401: '`invalid_token`: unknown, used, expired or revoked',
  })
  refresh(@Body() dto: RefreshTokenBody) {
    return this.auth.refresh(dto);
  }

  @Post('logout')
  @Authenticated(['user'])
  @HttpCode(204)
  @ApiRoute("End the caller's session: its access and refresh tokens stop working", { 204: {} })
  logout(
    @CurrentPrincipal() principal: Principal,
    @BearerToken() accessToken: string | undefined,
    @Body() dto: LogoutBody,
  ) {
    return this.auth.logout(principal, accessToken, dto);
  }
}
