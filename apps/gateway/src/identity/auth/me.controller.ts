import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../access/access.decorators';
import { AuthService } from './auth.service';
import { MeResponse } from '@app/contracts';
import { ApiRoute } from '../../openapi/api-route.decorator';

@ApiTags('auth')
@Controller('me')
export class MeController {
  constructor(private readonly auth: AuthService) {}

  @Get()
  @Authenticated(['user'])
  @ApiRoute('The caller: account, roles, workspace and role in it', { 200: MeResponse })
  me(@CurrentPrincipal() principal: Principal) {
    return this.auth.me(principal);
  }
}
