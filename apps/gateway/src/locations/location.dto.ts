import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CityItem, CityWithDistricts, DistrictItem, LocationsList } from '@app/contracts';

/** The response shapes of GET /v1/locations (spec 2.3, 4.2) for the OpenAPI document. */
export class CityItemDto implements CityItem {
  @ApiProperty({ enum: ['city'] })
  object: 'city';

  @ApiProperty({ type: 'integer' })
  id: number;

  @ApiProperty({ example: 'الرياض' })
  name_ar: string;

  @ApiProperty({ example: 'Riyadh' })
  name_en: string;

  @ApiProperty({ type: 'integer' })
  district_count: number;
}

export class DistrictItemDto implements DistrictItem {
  @ApiProperty({ enum: ['district'] })
  object: 'district';

  @ApiProperty({ type: 'integer' })
  id: number;

  @ApiProperty({ example: 'العليا' })
  name_ar: string;

  @ApiProperty({ example: 'Al Olaya' })
  name_en: string;

  @ApiProperty({ type: 'integer' })
  city_id: number;

  @ApiProperty({ example: 'الرياض' })
  city_name_ar: string;

  @ApiProperty({ example: 'Riyadh' })
  city_name_en: string;
}

export class LocationsListDto implements LocationsList {
  @ApiProperty({ enum: ['list'] })
  object: 'list';

  @ApiProperty({
    type: 'array',
    maxItems: 20,
    items: { oneOf: [{ $ref: '#/components/schemas/CityItemDto' }, { $ref: '#/components/schemas/DistrictItemDto' }] },
  })
  data: (CityItem | DistrictItem)[];

  @ApiProperty({ type: 'integer', description: 'Items returned' })
  total: number;

  @ApiPropertyOptional({ description: 'Only when a city was given and none matched: check the city name' })
  message?: string;
}

export class CityDistrictDto {
  @ApiProperty({ type: 'integer' })
  id: number;

  @ApiProperty()
  name_ar: string;

  @ApiProperty()
  name_en: string;
}

export class CityWithDistrictsDto implements CityWithDistricts {
  @ApiProperty({ enum: ['city'] })
  object: 'city';

  @ApiProperty({ type: 'integer' })
  id: number;

  @ApiProperty()
  name_ar: string;

  @ApiProperty()
  name_en: string;

  @ApiProperty({ type: [CityDistrictDto], description: 'Every district, sorted by Arabic name' })
  districts: CityDistrictDto[];
}
