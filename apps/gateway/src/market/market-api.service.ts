import { Injectable } from '@nestjs/common';
import { MarketListingsRpc, MarketSalesRpc } from '@app/contracts';
import type { CityMarketParams, DistrictMarketParams, MarketPlaceRequest, MarketTrendsResponse } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { marketTrends } from './market-trends';

/**
 * District and city trends: the decision service's recorded sales (it answers 404 for a place the
 * gazetteer does not hold) beside the catalogue's published listings, asked at once.
 */
@Injectable()
export class MarketApiService {
  constructor(private readonly rpc: RpcClient) {}

  district(params: DistrictMarketParams): Promise<MarketTrendsResponse> {
    return this.trends({ scope: 'district', id: params.district_id });
  }

  city(params: CityMarketParams): Promise<MarketTrendsResponse> {
    return this.trends({ scope: 'city', id: params.city_id });
  }

  private async trends(place: MarketPlaceRequest): Promise<MarketTrendsResponse> {
    const [sales, listings] = await Promise.all([
      this.rpc.call(MarketSalesRpc.place, place),
      this.rpc.call(MarketListingsRpc.place, place),
    ]);
    return marketTrends(sales, listings);
  }
}
