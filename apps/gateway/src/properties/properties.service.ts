import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type {
  LocationsSearchResponse,
  PageQuery,
  PriceIntel,
  Principal,
  PropertiesPage,
  PropertyDetailResponse,
  SavedPropertiesPage,
  SavePropertyBody,
  SavedProperty,
  SearchPropertiesQuery,
} from '@app/contracts';
import { ListingsRpc, LocationsRpc, PropertiesRpc, SearchPropertiesRequest, pageOf } from '@app/contracts';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';
import { BrokersService } from '../brokers/brokers.service';

/**
 * The public catalogue and a user's saved properties, for REST and MCP alike. The search: the
 * caller's place words become gazetteer ids the way GET /v1/locations matches them (Arabic or
 * English, fuzzy: Jiddah, جده), then the catalogue filters by id.
 */
@Injectable()
export class PropertiesService {
  constructor(
    private readonly brokers: BrokersService,
    private readonly rpc: RpcClient,
  ) {}

  /** `query` already checked (the route's and the tool's pipe), its defaults filled in. */
  async search(query: SearchPropertiesQuery): Promise<PropertiesPage> {
    const { cityIds, districtIds } = await this.placeIds(query);
    const filters: Partial<SearchPropertiesQuery> = { ...query };
    delete filters.city;
    delete filters.district;
    return this.rpc.call(
      PropertiesRpc.search,
      Object.assign(new SearchPropertiesRequest(), filters, {
        ...(cityIds ? { city_ids: cityIds } : {}),
        ...(districtIds ? { district_ids: districtIds } : {}),
      }),
    );
  }

  /** The gazetteer ids of the query's place words (undefined: no such word; empty: it matched nothing). */
  async placeIds(query: Pick<SearchPropertiesQuery, 'city' | 'district'>): Promise<{
    cityIds?: number[];
    districtIds?: number[];
  }> {
    const { city, district } = query;
    const [cityIds, districtIds] = await Promise.all([
      city === undefined ? undefined : this.cityIds(city),
      district === undefined ? undefined : this.districtIds(district, city),
    ]);
    return { cityIds, districtIds };
  }

  /** The detail with its broker's public name and verified badge (identity and the catalogue's verification). */
  async get(id: string): Promise<PropertyDetailResponse> {
    const detail = await this.rpc.call(PropertiesRpc.get, { id: propertyId(id) });
    const owner = await this.rpc.call(ListingsRpc.owner, { id: detail.id });
    // A seller's own listing has no broker (no workspace, no page, no badge).
    return { ...detail, broker: owner.workspace_id ? await this.brokers.brokerOf(owner.workspace_id) : null };
  }

  priceIntel(id: string): Promise<PriceIntel> {
    return this.rpc.call(PropertiesRpc.priceIntel, { id: propertyId(id) });
  }

  save(principal: Principal, body: SavePropertyBody): Promise<SavedProperty> {
    return this.rpc.call(PropertiesRpc.save, { ...body, account_id: accountOf(principal) });
  }

  async unsave(principal: Principal, id: string): Promise<void> {
    if (!isUUID(id)) throw new AppError('not_found', 'This property is not among your saved properties.');
    await this.rpc.call(PropertiesRpc.unsave, { account_id: accountOf(principal), property_id: id });
  }

  listSaved(principal: Principal, query: PageQuery): Promise<SavedPropertiesPage> {
    return this.rpc.call(PropertiesRpc.listSaved, { ...pageOf(query), account_id: accountOf(principal) });
  }

  /** The best-ranked city for the words (the search ranks the intended city first). */
  private async cityIds(city: string): Promise<number[]> {
    const found = items(await this.rpc.call(LocationsRpc.search, { city })).filter((item) => item.object === 'city');
    return found.slice(0, 1).map((item) => item.id);
  }

  /** Every district named like the best match (one name may exist in several cities). */
  private async districtIds(district: string, city: string | undefined): Promise<number[]> {
    const found = items(await this.rpc.call(LocationsRpc.search, { district, ...(city ? { city } : {}) })).filter(
      (item) => item.object === 'district',
    );
    const best = found[0];
    return best ? found.filter((item) => item.name_ar === best.name_ar).map((item) => item.id) : [];
  }
}

/** Saved properties belong to a person (the routes take user tokens only). */
function accountOf(principal: Principal): string {
  if (principal.kind !== 'user') throw new AppError('forbidden', 'Saved properties belong to a signed-in user.');
  return principal.accountId;
}

/** An id that is not a uuid names no property. */
function propertyId(id: string): string {
  if (!isUUID(id)) throw new AppError('property_not_found', 'No published property has this id.');
  return id;
}

function items(response: LocationsSearchResponse) {
  return 'data' in response ? response.data : [];
}
