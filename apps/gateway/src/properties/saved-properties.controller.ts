import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PageQuery, SavePropertyBody, SavedPropertiesPage, SavedProperty } from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { OAuthScope } from '../identity/access/oauth-scope.decorator';
import { PropertiesService } from './properties.service';
import { ApiRoute } from '../openapi/api-route.decorator';

@ApiTags('properties')
@Authenticated(['user'])
@OAuthScope('saved_properties')
@Controller('me/saved-properties')
export class SavedPropertiesController {
  constructor(private readonly properties: PropertiesService) {}

  @Get()
  @ApiRoute('Your saved properties that are published now, newest saved first', { 200: SavedPropertiesPage })
  list(@CurrentPrincipal() principal: Principal, @Query() query: PageQuery) {
    return this.properties.listSaved(principal, query);
  }

  @Post()
  @ApiRoute('Save a published property (saving it again keeps the first time)', {
    201: SavedProperty,
    404: '`property_not_found`: unknown or not published',
  })
  save(@CurrentPrincipal() principal: Principal, @Body() body: SavePropertyBody) {
    return this.properties.save(principal, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiRoute('Forget a saved property', { 204: 'Removed', 404: '`not_found`: not among your saved properties' })
  remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.properties.unsave(principal, id);
  }
}
