import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { SavedSearchesRpc, pageOf } from '@app/contracts';
import type {
  CreateSavedSearchBody,
  PageQuery,
  Principal,
  SavedSearch,
  SavedSearchPlaces,
  SavedSearchesPage,
  SearchPropertiesQuery,
  UnsubscribedSavedSearch,
  UpdateSavedSearchBody,
} from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';
import { LinkSigner, SAVED_SEARCH_UNSUBSCRIBE } from '@app/platform';
import { gatewayConfig } from '../config/gateway.env';
import { PropertiesService } from './properties.service';

/**
 * A signed-in user's saved searches, for REST and MCP alike: the query's place words become
 * gazetteer ids as GET /v1/properties resolves them, then the catalogue stores and matches them.
 * Also the unsubscribe link's check: its signature (INVITATION_TOKEN_KEY, derived for this one
 * purpose) must be the search's own.
 */
@Injectable()
export class SavedSearchesService {
  private readonly unsubscribeSigner: LinkSigner | null;

  constructor(
    private readonly properties: PropertiesService,
    private readonly rpc: RpcClient,
    @InjectConfig(gatewayConfig) config: AppConfig<typeof gatewayConfig>,
  ) {
    this.unsubscribeSigner = config.INVITATION_TOKEN_KEY
      ? new LinkSigner(config.INVITATION_TOKEN_KEY, SAVED_SEARCH_UNSUBSCRIBE)
      : null;
  }

  async create(principal: Principal, body: CreateSavedSearchBody): Promise<SavedSearch> {
    return this.rpc.call(SavedSearchesRpc.create, {
      ...body,
      account_id: accountOf(principal),
      places: await this.placesOf(body.query),
    });
  }

  list(principal: Principal, query: PageQuery): Promise<SavedSearchesPage> {
    return this.rpc.call(SavedSearchesRpc.list, { ...pageOf(query), account_id: accountOf(principal) });
  }

  get(principal: Principal, id: string): Promise<SavedSearch> {
    return this.rpc.call(SavedSearchesRpc.get, { account_id: accountOf(principal), id: searchId(id) });
  }

  async update(principal: Principal, id: string, body: UpdateSavedSearchBody): Promise<SavedSearch> {
    const ref = { account_id: accountOf(principal), id: searchId(id) };
    return this.rpc.call(SavedSearchesRpc.update, {
      ...body,
      ...ref,
      ...(body.query ? { places: await this.placesOf(body.query) } : {}),
    });
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.rpc.call(SavedSearchesRpc.delete, { account_id: accountOf(principal), id: searchId(id) });
  }

  /** The unsubscribe link's action: only with the search's own signature; anything else changes nothing. */
  unsubscribe(id: string, token: unknown): Promise<UnsubscribedSavedSearch> {
    if (!this.unsubscribeSigner)
      throw new AppError('service_unavailable', 'Unsubscribe links are not set up (INVITATION_TOKEN_KEY).');
    if (!isUUID(id) || !this.unsubscribeSigner.verify(id, token))
      throw new AppError('forbidden', 'This unsubscribe link is not valid for this saved search.');
    return this.rpc.call(SavedSearchesRpc.unsubscribe, { id });
  }

  /** The ids the query's place words name; a word that names none is left out, for the catalogue to refuse. */
  private async placesOf(query: SearchPropertiesQuery): Promise<SavedSearchPlaces> {
    const { cityIds, districtIds } = await this.properties.placeIds(query);
    return {
      ...(cityIds?.length ? { city_id: cityIds[0] } : {}),
      ...(districtIds?.length ? { district_ids: districtIds } : {}),
    };
  }
}

/** Saved searches belong to a person (the routes take user tokens only). */
function accountOf(principal: Principal): string {
  if (principal.kind !== 'user') throw new AppError('forbidden', 'Saved searches belong to a signed-in user.');
  return principal.accountId;
}

/** An id that is not a uuid names none of the caller's searches. */
function searchId(id: string): string {
  if (!isUUID(id)) throw new AppError('not_found', 'You have no saved search with this id.');
  return id;
}
