import {
  CreateListingBody,
  InquiryMessageBody,
  ListListingsQuery,
  ListBookingsQuery,
  ListInquiriesQuery,
  ListLeadsQuery,
  UpdateInquiryBody,
  UpdateLeadBody,
  UpdateListingBody,
} from '@app/contracts';
import type { Permission } from '@app/contracts';
import { AppError } from '@app/errors';
import { BookingStatusDto } from './booking-status.dto';
import type { ToolServices } from './tool-services';
import { DELETE, READ, UPDATE, WRITE, defineTool, outputSchemaOf } from './mcp-tool';
import type { McpTool } from './mcp-tool';

const as = (permission: Permission) => ({ kind: 'broker', permission }) as const;
const LISTING = outputSchemaOf('The listing, both languages', { id: 'string', status: 'string' });
const PAGE = (what: string) => outputSchemaOf(`A page of ${what}`, { data: 'array' });

/** Spec 4.6 broker tools: members of a broker workspace, by the permission of their role. */
export function brokerTools(services: ToolServices): McpTool[] {
  return [
    defineTool({
      name: 'broker_list_properties',
      title: 'List my listings',
      description: 'Your workspace’s listings in every state (draft, pending, published, rejected).',
      audience: as('listings:manage'),
      annotations: READ,
      input: ListListingsQuery,
      output: PAGE('listings'),
      call: (principal, body) => services.listings.list(principal, body),
    }),
    defineTool({
      name: 'broker_get_property',
      title: 'Get my listing',
      description: 'One listing of your workspace (another workspace’s answers not_found).',
      audience: as('listings:manage'),
      annotations: READ,
      ids: ['property_id'],
      output: LISTING,
      call: (principal, _body, ids) => services.listings.get(principal, ids.property_id),
    }),
    defineTool({
      name: 'broker_create_property',
      title: 'Create a listing',
      description:
        'A new draft listing (titles and descriptions in Arabic and/or English). It is public only after ' +
        'images, submission and moderation.',
      audience: as('listings:manage'),
      annotations: WRITE,
      input: CreateListingBody,
      output: LISTING,
      call: (principal, body) => services.listings.create(principal, body),
    }),
    defineTool({
      name: 'broker_update_property',
      title: 'Update a listing',
      description: "Change your listing's fields; a published one changes live and may be flagged to moderators.",
      audience: as('listings:manage'),
      annotations: UPDATE,
      ids: ['property_id'],
      input: UpdateListingBody,
      output: LISTING,
      call: (principal, body, ids) => services.listings.update(principal, ids.property_id, body),
    }),
    defineTool({
      name: 'broker_delete_property',
      title: 'Delete a listing',
      description: 'Delete your listing; its open inquiries are closed.',
      audience: as('listings:manage'),
      annotations: DELETE,
      ids: ['property_id'],
      output: outputSchemaOf('Deleted', {}),
      call: (principal, _body, ids) => services.listings.delete(principal, ids.property_id),
    }),
    defineTool({
      name: 'broker_list_inquiries',
      title: 'List inquiries',
      description: 'Your workspace’s inquiry threads, latest activity first.',
      audience: as('inquiries:manage'),
      annotations: READ,
      input: ListInquiriesQuery,
      omit: ['as'],
      output: PAGE('inquiries'),
      call: (principal, body) => services.inquiries.list(principal, { ...body, as: 'broker' }),
    }),
    defineTool({
      name: 'broker_get_inquiry_thread',
      title: 'Read an inquiry',
      description: 'One inquiry of your workspace with its messages.',
      audience: as('inquiries:manage'),
      annotations: READ,
      ids: ['inquiry_id'],
      output: outputSchemaOf('The thread', { id: 'string', status: 'string', messages: 'array' }),
      call: (principal, _body, ids) => services.inquiries.get(principal, ids.inquiry_id),
    }),
    defineTool({
      name: 'broker_reply_to_inquiry',
      title: 'Reply to an inquiry',
      description: 'Answer the buyer (Arabic or English); the first reply moves the thread to replied. Free.',
      audience: as('inquiries:manage'),
      annotations: WRITE,
      ids: ['inquiry_id'],
      input: InquiryMessageBody,
      output: outputSchemaOf('The message', { id: 'string', body: 'string' }),
      call: (principal, body, ids) => services.inquiries.addMessage(principal, ids.inquiry_id, body),
    }),
    defineTool({
      name: 'broker_update_inquiry_status',
      title: 'Close an inquiry',
      description: 'Close a thread (status closed).',
      audience: as('inquiries:manage'),
      annotations: UPDATE,
      ids: ['inquiry_id'],
      input: UpdateInquiryBody,
      output: outputSchemaOf('The thread', { id: 'string', status: 'string' }),
      call: (principal, _body, ids) => services.inquiries.close(principal, ids.inquiry_id),
    }),
    defineTool({
      name: 'broker_list_bookings',
      title: 'List viewings',
      description: 'Your workspace’s viewing bookings, latest time first.',
      audience: as('bookings:manage'),
      annotations: READ,
      input: ListBookingsQuery,
      omit: ['as'],
      output: PAGE('bookings'),
      call: (principal, body) => services.bookings.list(principal, { ...body, as: 'broker' }),
    }),
    defineTool({
      name: 'broker_update_booking_status',
      title: 'Act on a viewing',
      description:
        'confirm or reject a pending booking, propose another open slot (scheduled_at), or complete a confirmed ' +
        'viewing (the buyer gets a survey).',
      audience: as('bookings:manage'),
      annotations: UPDATE,
      ids: ['booking_id'],
      input: BookingStatusDto,
      help: {
        action: 'confirm, reject, propose (with scheduled_at) or complete',
        scheduled_at: 'propose only: the new time, an open slot',
        reason: 'Why, shown to the other side',
      },
      output: outputSchemaOf('The booking', { id: 'string', status: 'string' }),
      call: (principal, body, ids) => {
        const { action, reason, scheduled_at } = body;
        const id = ids.booking_id;
        const note = reason === undefined ? {} : { reason };
        switch (action) {
          case 'confirm':
          case 'complete':
            return services.bookings.act(principal, id, action);
          case 'reject':
            return services.bookings.act(principal, id, action, note);
          case 'propose':
            if (!scheduled_at) {
              throw new AppError('validation_error', 'scheduled_at is required to propose', {
                field: 'scheduled_at',
              });
            }
            return services.bookings.act(principal, id, action, { ...note, scheduled_at });
        }
      },
    }),
    defineTool({
      name: 'broker_list_crm_leads',
      title: 'List CRM leads',
      description: 'Your pipeline: one lead per buyer and listing. A locked lead waits for lead credit.',
      audience: as('leads:manage'),
      annotations: READ,
      input: ListLeadsQuery,
      output: PAGE('leads'),
      call: (principal, body) => services.crm.list(principal, body),
    }),
    defineTool({
      name: 'broker_update_lead_stage',
      title: 'Move a lead',
      description: 'Set a lead’s stage (new, contacted, viewing, negotiating, closed) or outcome.',
      audience: as('leads:manage'),
      annotations: UPDATE,
      ids: ['lead_id'],
      input: UpdateLeadBody,
      output: outputSchemaOf('The lead', { id: 'string', stage: 'string' }),
      call: (principal, body, ids) => services.crm.update(principal, ids.lead_id, body),
    }),
  ];
}
