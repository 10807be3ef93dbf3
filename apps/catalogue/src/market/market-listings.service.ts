import { Injectable } from '@nestjs/common';
import type { MarketListingsResponse, MarketPlaceRequest } from '@app/contracts';
import { MarketListingsRepository } from './market-listings.repository';

/** The catalogue's part of district and city trends: what is published there now, and at what asking price. */
@Injectable()
export class MarketListingsService {
  constructor(private readonly repository: MarketListingsRepository) {}

  async place(request: MarketPlaceRequest): Promise<MarketListingsResponse> {
    return { types: await this.repository.byType(request.scope, request.id) };
  }
}
