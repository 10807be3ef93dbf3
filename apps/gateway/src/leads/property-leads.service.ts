import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { LeadsRpc, ListingsRpc } from '@app/contracts';
import type { AvailabilityQuery, AvailabilityResponse, BrokerPhoneResponse, Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';
import { LeadParties } from './lead-parties';

const DEFAULT_WINDOW_MS = 14 * 86_400_000;

/** The buyer-facing parts of leads that hang off a property: open viewing times and the broker's phone. */
@Injectable()
export class PropertyLeadsService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly parties: LeadParties,
  ) {}

  availability(id: string, query: AvailabilityQuery): Promise<AvailabilityResponse> {
    const from = query.from ?? new Date().toISOString();
    const to = query.to ?? new Date(new Date(from).getTime() + DEFAULT_WINDOW_MS).toISOString();
    if (new Date(to).getTime() <= new Date(from).getTime()) {
      throw new AppError('invalid_param', '`to` must be after `from`.', { field: 'to' });
    }
    return this.rpc.call(LeadsRpc.availability, { property_id: propertyId(id), from, to });
  }

  async revealPhone(principal: Principal, id: string): Promise<BrokerPhoneResponse> {
    const listing = await this.rpc.call(ListingsRpc.owner, { id: propertyId(id) });
    if (listing.status !== 'published') throw new AppError('property_not_found', 'No published property has this id.');
    const broker = listing.broker_id ? await this.parties.contact(listing.broker_id) : null;
    if (!broker?.phone) {
      throw new AppError('not_found', 'The broker of this property has no phone number on file. Send an inquiry.');
    }
    const revealed = await this.rpc.call(LeadsRpc.revealPhone, {
      ...(await this.parties.buyer(principal)),
      property_id: listing.id,
    });
    return {
      property_id: revealed.property_id,
      broker_id: revealed.broker_id,
      broker_name: broker.name,
      phone: broker.phone,
      charged: revealed.charged,
    };
  }
}

function propertyId(id: string): string {
  if (!isUUID(id)) throw new AppError('property_not_found', 'No published property has this id.');
  return id;
}
