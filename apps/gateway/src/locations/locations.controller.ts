import { Controller, Get, Query } from '@nestjs/common';
import { ApiExtraModels, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { CityItem, CityWithDistricts, DistrictItem, LocationsList, LocationsQuery } from '@app/contracts';
import { KEYED_REFERENCE_DATA } from '../http/conditional-requests/cache-policy';
import { ConditionalGet } from '../http/conditional-requests/conditional-get.decorator';
import { LocationsEtagInterceptor } from '../http/conditional-requests/locations-etag.interceptor';
import { Authenticated } from '../identity/access/access.decorators';
import { LocationsApiService } from './locations-api.service';
import { ApiRoute } from '../openapi/api-route.decorator';

@ApiTags('locations')
@Authenticated(['api_key'])
@Controller('locations')
export class LocationsController {
  constructor(private readonly locations: LocationsApiService) {}

  @Get()
  @ConditionalGet(KEYED_REFERENCE_DATA, LocationsEtagInterceptor)
  @ApiRoute('Search cities and districts (Arabic or English, fuzzy)', {
    description:
      'city alone: matching cities; district alone: districts in every city; both: districts of the matching ' +
      'city; districts=true with city: the city with every district (sorted by Arabic name). At most 20 items.',
    200: {
      description: 'A list of city/district items, or (districts=true) the city object with its districts',
      schema: { oneOf: [{ $ref: getSchemaPath(LocationsList) }, { $ref: getSchemaPath(CityWithDistricts) }] },
    },
    400: '`missing_params` or `invalid_param` (with `field`)',
  })
  @ApiExtraModels(CityItem, DistrictItem, LocationsList, CityWithDistricts)
  search(@Query() query: LocationsQuery) {
    return this.locations.search(query);
  }
}
