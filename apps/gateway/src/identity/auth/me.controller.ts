import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../access/access.decorators';
import { AuthService } from './auth.service';
import { MeResponse } from '@app/contracts';

@ApiTags('auth')
@Controller('me')
export class MeController {
  constructor(private readonly auth: AuthService) {}

  @Get()
  @Authenticated(['user'])
  @ApiOperation({ summary: 'The caller: account, roles, workspace and role in it' })
  @ApiOkResponse({ type: MeResponse })
  me(@CurrentPrincipal() principal: Principal): Promise<MeResponse> {
    return this.auth.me(principal);
  }
}
