import { Injectable } from '@nestjs/common';
import { LeadsRpc, SLOT_DURATION_DEFAULT } from '@app/contracts';
import type {
  CreateSlotBody,
  ListSlotsQuery,
  Principal,
  SlotResponse,
  SlotRuleResponse,
  SlotsResponse,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { listingOwnerOf } from '../catalogue/listing-owner';
import { pathId } from './lead-parties';

/** Viewing slots and weekly rules of the owner side's listings (a workspace's or a seller's). */
@Injectable()
export class SlotsService {
  constructor(private readonly rpc: RpcClient) {}

  list(principal: Principal, query: ListSlotsQuery): Promise<SlotsResponse> {
    return this.rpc.call(LeadsRpc.listSlots, { ...ownerOf(principal), ...query });
  }

  create(principal: Principal, body: CreateSlotBody): Promise<SlotResponse | SlotRuleResponse> {
    return this.rpc.call(LeadsRpc.createSlot, {
      ...body,
      duration_minutes: body.duration_minutes ?? SLOT_DURATION_DEFAULT,
      ...ownerOf(principal),
    });
  }

  async remove(principal: Principal, id: string): Promise<void> {
    await this.rpc.call(LeadsRpc.deleteSlot, { ...ownerOf(principal), id: pathId(id, 'slot') });
  }
}

function ownerOf(principal: Principal) {
  return { ...listingOwnerOf(principal), account_id: principal.accountId };
}
