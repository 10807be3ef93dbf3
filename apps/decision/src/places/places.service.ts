import { Injectable } from '@nestjs/common';
import { TIME_ZONES } from '@app/contracts';
import type {
  BenchmarkRequest,
  BenchmarkResponse,
  ListingType,
  PropertyType,
  ResolvePlaceRequest,
  ResolvedPlace,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { BenchmarksService } from '../benchmarks/benchmarks.service';
import { LocationsService } from '../locations/locations.service';
import { PlacesRepository } from './places.repository';
import { resolvePlace } from './resolve-place';

/** Listing type → the decision (transactions) type the benchmarks are kept under (decisions.md). */
const BENCHMARK_TYPE: Record<ListingType, PropertyType> = {
  apartment: 'apartment',
  villa: 'villa',
  land: 'land',
  shop: 'commercial',
  office: 'office',
};

/** Places and benchmarks for other services (the catalogue), answered exactly as decisions answer them. */
@Injectable()
export class PlacesService {
  constructor(
    private readonly locations: LocationsService,
    private readonly benchmarks: BenchmarksService,
    private readonly repository: PlacesRepository,
  ) {}

  async resolve(request: ResolvePlaceRequest): Promise<ResolvedPlace> {
    const prefix = request.field_prefix ?? '';
    const place = resolvePlace(this.locations.current, request);
    const country = await this.repository.countryOfCity(place.city_id);
    if (!country)
      throw new AppError('validation_error', 'That place has no country on record.', { field: `${prefix}district` });
    return {
      country_code: country,
      city_id: place.city_id,
      district_id: place.district_id,
      city_en: place.city_name_en,
      city_ar: place.city_name_ar,
      district_en: place.district_name_en,
      district_ar: place.district_name_ar,
      time_zone: TIME_ZONES[country],
    };
  }

  benchmark(request: BenchmarkRequest): BenchmarkResponse {
    const found = this.benchmarks.find({
      cityId: request.city_id,
      districtId: request.district_id,
      type: BENCHMARK_TYPE[request.type],
    });
    if (!found) return { benchmark: null };
    return {
      benchmark: {
        median_sqm: found.median_sqm,
        p25_sqm: found.p25_sqm,
        p75_sqm: found.p75_sqm,
        year: found.year,
        transaction_count: found.transaction_count,
        yoy_pct: found.yoy_pct,
        scope: found.scope,
      },
    };
  }
}
