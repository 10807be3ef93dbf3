import { Controller } from '@nestjs/common';
import { MarketListingsRpc, MarketPlaceRequest } from '@app/contracts';
import type { MarketListingsResponse } from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { MarketListingsService } from './market-listings.service';

@Controller()
export class MarketListingsController {
  constructor(private readonly listings: MarketListingsService) {}

  @RpcHandler(MarketListingsRpc.place)
  place(@MessageData() request: MarketPlaceRequest): Promise<MarketListingsResponse> {
    return this.listings.place(request);
  }
}
