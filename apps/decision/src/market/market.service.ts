import { Injectable } from '@nestjs/common';
import type { MarketPlaceRequest, MarketSalesResponse } from '@app/contracts';
import { AppError } from '@app/errors';
import { LocationsService } from '../locations/locations.service';
import { figuresOf } from './market-figures';
import type { SalesFigures } from './market-figures';
import { marketWindow, quarterOf } from './market-quarters';
import { MarketRepository } from './market.repository';

/** Places whose sales figures are kept per data version; the oldest go first beyond this. */
const CACHE_LIMIT = 5000;

/**
 * A place's recorded sales per quarter and type, computed in SQL and kept until the data version
 * moves (every transactions import moves it), so repeated asks cost one version read. Names come
 * from the gazetteer index, which reloads on its own version.
 */
@Injectable()
export class MarketService {
  private readonly cache = new Map<string, { version: number; figures: SalesFigures }>();

  constructor(
    private readonly locations: LocationsService,
    private readonly repository: MarketRepository,
  ) {}

  async sales(request: MarketPlaceRequest): Promise<MarketSalesResponse> {
    const place = this.place(request);
    const version = await this.repository.version();
    const key = `${request.scope}:${request.id}`;
    let entry = this.cache.get(key);
    if (entry?.version !== version) {
      entry = await this.compute(request);
      this.remember(key, entry);
    }
    return { ...place, ...entry.figures };
  }

  /** The place and its city in both languages; an id the gazetteer does not hold is 404. */
  private place({ scope, id }: MarketPlaceRequest) {
    const index = this.locations.current;
    if (scope === 'city') {
      const city = index.city(id);
      if (!city) throw new AppError('not_found', `There is no city with id ${id}.`);
      const names = { city_id: city.id, city_name_ar: city.name_ar, city_name_en: city.name_en };
      return { scope, id, name_ar: city.name_ar, name_en: city.name_en, ...names };
    }
    const district = index.district(id);
    const city = district && index.city(district.city_id);
    if (!district || !city) throw new AppError('not_found', `There is no district with id ${id}.`);
    return {
      scope,
      id,
      name_ar: district.name_ar,
      name_en: district.name_en,
      city_id: city.id,
      city_name_ar: city.name_ar,
      city_name_en: city.name_en,
    };
  }

  private async compute({ scope, id }: MarketPlaceRequest): Promise<{ version: number; figures: SalesFigures }> {
    const latest = await this.repository.latestSale();
    // With no sale held anywhere the window ends with the current quarter: every count is 0.
    const window = marketWindow(quarterOf(latest.date ?? new Date()));
    const rows = await this.repository.placeSales(scope, id, {
      from: window.from,
      until: window.until,
      currentFrom: window.current.from,
      previousFrom: window.previous.from,
    });
    return { version: latest.version, figures: figuresOf(window, rows, latest.version) };
  }

  private remember(key: string, entry: { version: number; figures: SalesFigures }): void {
    this.cache.delete(key);
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, entry);
  }
}
