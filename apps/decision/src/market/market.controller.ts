import { Controller } from '@nestjs/common';
import { MarketPlaceRequest, MarketSalesRpc } from '@app/contracts';
import type { MarketSalesResponse } from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { MarketService } from './market.service';

@Controller()
export class MarketController {
  constructor(private readonly market: MarketService) {}

  @RpcHandler(MarketSalesRpc.place)
  sales(@MessageData() request: MarketPlaceRequest): Promise<MarketSalesResponse> {
    return this.market.sales(request);
  }
}
