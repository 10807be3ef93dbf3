import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import {
  CreateUnitBody,
  ListUnitsQuery,
  ListingResponse,
  MAX_LISTING_IMAGES,
  UnitDeletedResponse,
  UnitResponse,
  UnitsPageResponse,
  UpdateUnitBody,
} from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { DEVELOPERS_ONLY, PROJECT_NOT_FOUND } from './projects.controller';
import { UnitsService } from './units.service';
import { ApiRoute } from '../openapi/api-route.decorator';

const UNIT_NOT_FOUND = `${PROJECT_NOT_FOUND}; \`not_found\`: no such unit in the project`;
const LAND_422 = '`validation_error` with `field` (bedrooms on land; a status, type, area, price or currency of null)';

@ApiTags('projects')
@ApiServiceUnavailableResponse({ description: '`service_unavailable`: the catalogue did not answer in time' })
@Controller('projects/:id/units')
export class UnitsController {
  constructor(private readonly units: UnitsService) {}

  @Get()
  @Authenticated(['user', 'api_key'], 'projects:manage')
  @ApiRoute("A project's units, in the order they were added", {
    description: DEVELOPERS_ONLY,
    200: UnitsPageResponse,
    404: PROJECT_NOT_FOUND,
  })
  list(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Query() query: ListUnitsQuery) {
    return this.units.list(principal, id, query);
  }

  @Post()
  @Authenticated(['user', 'api_key'], 'projects:manage')
  @ApiRoute('Add a unit', {
    description: `Priced in the project's country's currency unless \`currency\` says otherwise. ${DEVELOPERS_ONLY}`,
    201: UnitResponse,
    404: PROJECT_NOT_FOUND,
    409: '`conflict`: another unit of the project has this unit_ref',
    422: LAND_422,
  })
  create(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: CreateUnitBody) {
    return this.units.create(principal, id, body);
  }

  @Patch(':unit_id')
  @Authenticated(['user', 'api_key'], 'projects:manage')
  @ApiRoute('Edit a unit (price, availability…)', {
    description:
      'Status moves available ⇄ reserved → sold; sold is final. Price, area and bedrooms follow onto the ' +
      "unit's listing (unless it is pending moderation); selling the unit withdraws its listing (back to draft, " +
      `out of search). Emits catalogue.unit.updated.v1. ${DEVELOPERS_ONLY}`,
    200: UnitResponse,
    404: UNIT_NOT_FOUND,
    409: '`invalid_state` with `state`: a sold unit does not change; `conflict`: unit_ref taken',
    422: LAND_422,
  })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('unit_id') unitId: string,
    @Body() body: UpdateUnitBody,
  ) {
    return this.units.update(principal, id, unitId, body);
  }

  @Delete(':unit_id')
  @Authenticated(['user', 'api_key'], 'projects:manage')
  @ApiRoute('Delete a unit', {
    description: `A listing made from it stays, as an ordinary listing. ${DEVELOPERS_ONLY}`,
    200: UnitDeletedResponse,
    404: UNIT_NOT_FOUND,
  })
  delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('unit_id') unitId: string) {
    return this.units.delete(principal, id, unitId);
  }

  @Post(':unit_id/listing')
  @HttpCode(201)
  @Authenticated(['user', 'api_key'], 'projects:manage')
  @ApiRoute('Publish a unit as a listing', {
    description:
      'Creates a draft listing from the unit and its project (titles and descriptions in both languages, ' +
      'place, price, area, bedrooms) with `project_id` and `unit_id`. It starts with copies of the ' +
      `project's images, in the project's order (up to a listing's ${MAX_LISTING_IMAGES}): its own from ` +
      'then on, so deleting or reordering them on the listing, or deleting a project image later, leaves ' +
      'the other side as it was. ' +
      'With an image, it can be submitted at once (POST /v1/listings/{id}/submit); without (a project with ' +
      'none), add one first. It is moderated as any listing. The project page is public once ' +
      `one of its listings is published. ${DEVELOPERS_ONLY}`,
    201: ListingResponse,
    404: UNIT_NOT_FOUND,
    409: '`conflict`: the unit already has a listing; `invalid_state`: the unit is sold',
    503:
      "`service_unavailable`: the catalogue or the image store did not answer (copying the project's images); " +
      'no listing was created',
  })
  publish(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('unit_id') unitId: string) {
    return this.units.publish(principal, id, unitId);
  }
}
