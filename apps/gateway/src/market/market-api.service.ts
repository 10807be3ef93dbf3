import { Injectable } from '@nestjs/common';
import { MarketListingsRpc, MarketSalesRpc } from '@app/contracts';
import type { MarketPlaceRequest, MarketTrendsResponse } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { marketTrends } from './market-trends';

/**
 * District and city trends: the decision service's recorded sales (it answers 404 for a place the
 * gazetteer does not hold) beside the catalogue's published listings, asked at once.
 */
@Injectable()
export class MarketApiService {
  constructor(private readonly rpc: RpcClient) {}

  async trends(place: MarketPlaceRequest): Promise<MarketTrendsResponse> {
    const [sales, listings] = await Promise.all([
      this.rpc.call(MarketSalesRpc.place, place),
      this.rpc.call(MarketListingsRpc.place, place),
    ]);
    return marketTrends(sales, listings);
  }
}
