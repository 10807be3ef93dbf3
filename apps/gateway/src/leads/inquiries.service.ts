import { Injectable } from '@nestjs/common';
import { LeadsRpc, pageOf } from '@app/contracts';
import type {
  CreateInquiryBody,
  InquiriesPageResponse,
  InquiryCreatedResponse,
  InquiryMessageBody,
  InquiryMessageResponse,
  InquiryThreadResponse,
  ListInquiriesQuery,
  Principal,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { LeadParties, pathId, sideOf, viewerOf } from './lead-parties';

/** Inquiry threads for REST and MCP alike: the caller from the credential, the thread from the leads service. */
@Injectable()
export class InquiriesService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly parties: LeadParties,
  ) {}

  async create(principal: Principal, body: CreateInquiryBody): Promise<InquiryCreatedResponse> {
    return this.rpc.call(LeadsRpc.createInquiry, {
      ...(await this.parties.buyer(principal)),
      ...body,
      preferred_contact: body.preferred_contact ?? 'whatsapp',
    });
  }

  list(principal: Principal, query: ListInquiriesQuery): Promise<InquiriesPageResponse> {
    return this.rpc.call(LeadsRpc.listInquiries, {
      ...viewerOf(principal),
      ...query,
      as: sideOf(principal, query.as),
      ...pageOf(query),
    });
  }

  get(principal: Principal, id: string): Promise<InquiryThreadResponse> {
    return this.rpc.call(LeadsRpc.getInquiry, { ...viewerOf(principal), id: pathId(id, 'inquiry') });
  }

  addMessage(principal: Principal, id: string, body: InquiryMessageBody): Promise<InquiryMessageResponse> {
    return this.rpc.call(LeadsRpc.addMessage, { ...viewerOf(principal), ...body, id: pathId(id, 'inquiry') });
  }

  /** The only change a thread takes: closing it (the body says `status: closed`). */
  close(principal: Principal, id: string): Promise<InquiryThreadResponse> {
    return this.rpc.call(LeadsRpc.closeInquiry, { ...viewerOf(principal), id: pathId(id, 'inquiry') });
  }
}
