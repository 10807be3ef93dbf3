import { Controller } from '@nestjs/common';
import {
  CreateSavedSearchRequest,
  ListSavedSearchesRequest,
  SavedSearchRefRequest,
  SavedSearchesRpc,
  UnsubscribeSavedSearchRequest,
  UpdateSavedSearchRequest,
} from '@app/contracts';
import type { SavedSearch, SavedSearchesPage, UnsubscribedSavedSearch } from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { SavedSearchesService } from './saved-searches.service';

@Controller()
export class SavedSearchesController {
  constructor(private readonly searches: SavedSearchesService) {}

  @RpcHandler(SavedSearchesRpc.create)
  create(@MessageData() request: CreateSavedSearchRequest): Promise<SavedSearch> {
    return this.searches.create(request);
  }

  @RpcHandler(SavedSearchesRpc.list)
  list(@MessageData() request: ListSavedSearchesRequest): Promise<SavedSearchesPage> {
    return this.searches.list(request);
  }

  @RpcHandler(SavedSearchesRpc.get)
  get(@MessageData() request: SavedSearchRefRequest): Promise<SavedSearch> {
    return this.searches.get(request);
  }

  @RpcHandler(SavedSearchesRpc.update)
  update(@MessageData() request: UpdateSavedSearchRequest): Promise<SavedSearch> {
    return this.searches.update(request);
  }

  @RpcHandler(SavedSearchesRpc.delete)
  delete(@MessageData() request: SavedSearchRefRequest): Promise<{ deleted: true }> {
    return this.searches.delete(request);
  }

  @RpcHandler(SavedSearchesRpc.unsubscribe)
  unsubscribe(@MessageData() request: UnsubscribeSavedSearchRequest): Promise<UnsubscribedSavedSearch> {
    return this.searches.unsubscribe(request);
  }
}
