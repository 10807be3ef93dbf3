import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { ListingOwnerResponse, LocationsRpc, LocationsSearchRequest } from '@app/contracts';
import type { LocationsSearchResponse } from '@app/contracts';
import { RpcHandler } from './rpc-handler.decorator';
import type { RpcClient } from './rpc-client';

class LocationsHandlers {
  @RpcHandler(LocationsRpc.search)
  search(request: LocationsSearchRequest): LocationsSearchResponse {
    return { object: 'list', data: [], query: request } as unknown as LocationsSearchResponse;
  }

  // @ts-expect-error the contract answers a location search, not a listing's owner
  @RpcHandler(LocationsRpc.search)
  wrongResponse(request: LocationsSearchRequest): ListingOwnerResponse {
    return request as unknown as ListingOwnerResponse;
  }

  // @ts-expect-error the contract's request is a location search
  @RpcHandler(LocationsRpc.search)
  wrongRequest(request: { listing_id: number }): LocationsSearchResponse {
    return request as unknown as LocationsSearchResponse;
  }
}

/** Compiled only: `npm run typecheck` fails when a wrong request or answer type is accepted. */
export async function callsAreTyped(rpc: RpcClient): Promise<void> {
  // @ts-expect-error `q` is not a field of the location search request
  await rpc.call(LocationsRpc.search, { q: 'Riyadh' });
  // @ts-expect-error a location search does not answer a listing's owner
  const owner: ListingOwnerResponse = await rpc.call(LocationsRpc.search, { city: 'Riyadh' });
  void owner;
}

describe('RpcHandler', () => {
  it("should register the handler under the descriptor's pattern", () => {
    const patterns = Reflect.getMetadata(PATTERN_METADATA, LocationsHandlers.prototype.search) as unknown[];
    expect(patterns).toEqual(['rpc.decision.locations.search.v1']);
  });
});
