import { IsInt, IsOptional, IsPositive, IsString, Length } from '@app/validation';

/**
 * A place named any one way: `district_id`; `city_id` + `district`; `city` + `district`. The
 * decision service resolves it for decisions, listings, project and import rows alike (names
 * matched as GET /v1/locations matches them). One class, so every body documents and checks it
 * the same way.
 */
export class PlaceInput {
  /**
   * Place, one of: `district_id`; `city_id` + `district`; `city` + `district` (matched as GET /v1/locations matches
   * names; unknown or ambiguous → 422 with `field` and `suggestions`)
   */
  @IsOptional()
  @IsInt()
  @IsPositive()
  district_id?: number;

  /** With `district` */
  @IsOptional()
  @IsInt()
  @IsPositive()
  city_id?: number;

  /** City name, Arabic or English, with `district` */
  @IsOptional()
  @IsString()
  @Length(2, 100)
  city?: string;

  /** District name, Arabic or English */
  @IsOptional()
  @IsString()
  @Length(2, 100)
  district?: string;
}
