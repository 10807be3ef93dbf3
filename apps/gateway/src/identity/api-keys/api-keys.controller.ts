import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../access/access.decorators';
import { ApiKeysService } from './api-keys.service';
import { ApiKeyListResponse, ApiKeyResponse, ApiKeyWithSecretResponse, CreateApiKeyBody } from '@app/contracts';
import { ApiRoute } from '../../openapi/api-route.decorator';

@ApiTags('api keys')
@Controller('workspace/api-keys')
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @Get()
  @Authenticated(['user', 'api_key'], 'api_keys:read')
  @ApiRoute("The workspace's API keys", {
    description: 'Owner or admin of a broker workspace, or one of its keys (secrets are never shown).',
    200: ApiKeyListResponse,
  })
  list(@CurrentPrincipal() principal: Principal) {
    return this.apiKeys.list(principal);
  }

  @Post()
  @Authenticated(['user'], 'api_keys:manage')
  @ApiRoute('Create an API key', {
    description: 'The secret is in this response only. A signed-in owner or admin: an API key gets 403.',
    201: ApiKeyWithSecretResponse,
  })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateApiKeyBody) {
    return this.apiKeys.create(principal, body);
  }

  @Get('current')
  @Authenticated(['api_key'])
  @ApiRoute('The API key making this request', {
    description: 'Send an API key (never a user token) to check it works and see which key it is.',
    200: ApiKeyResponse,
  })
  current(@CurrentPrincipal() principal: Principal) {
    return this.apiKeys.current(principal);
  }

  @Post(':id/rotate')
  @HttpCode(200)
  @Authenticated(['user'], 'api_keys:manage')
  @ApiRoute('Rotate an API key', {
    description: 'Issues a new secret (in this response only); the old secret keeps working for 24 hours.',
    200: ApiKeyWithSecretResponse,
    404: '`not_found`: no such key in your workspace, or it is revoked',
  })
  rotate(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.apiKeys.rotate(principal, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @Authenticated(['user'], 'api_keys:manage')
  @ApiRoute('Revoke an API key', {
    description: 'Refused everywhere within 5 seconds.',
    204: {},
    404: '`not_found`: no such key in your workspace, or it is already revoked',
  })
  revoke(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.apiKeys.revoke(principal, id);
  }
}
