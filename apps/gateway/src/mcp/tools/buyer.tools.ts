import {
  AvailabilityQuery,
  CreateBookingBody,
  CreateSavedSearchBody,
  CreateInquiryBody,
  InquiryMessageBody,
  ListBookingsQuery,
  ListInquiriesQuery,
  PageQuery,
  SavePropertyBody,
  SearchPropertiesQuery,
  SurveyBody,
  UpdateSavedSearchBody,
} from '@app/contracts';
import type { Principal } from '@app/contracts';
import type { ToolServices } from './tool-services';
import { READ, UPDATE, WRITE, DELETE, defineTool, outputSchemaOf } from './mcp-tool';
import type { McpTool } from './mcp-tool';

const buyer = { kind: 'buyer' } as const;

const SAVED_SEARCH_OUTPUT = outputSchemaOf('The saved search', {
  id: 'string',
  name: 'string',
  frequency: 'string',
  query: 'object',
});

/** Spec 4.6 buyer tools: every signed-in user has them. Each calls its REST route's handler. */
export function buyerTools(services: ToolServices): McpTool[] {
  const p = (principal: Principal) => principal;
  return [
    defineTool({
      name: 'buyer_search_properties',
      title: 'Search properties',
      description:
        'Search the published catalogue (Saudi Arabia and UAE). Place names in Arabic or English; results carry ' +
        'titles in both languages. Same filters and rules as GET /v1/properties.',
      audience: buyer,
      annotations: READ,
      input: SearchPropertiesQuery,
      output: outputSchemaOf('A page of published properties', {
        properties: 'array',
        count: 'integer',
        offset: 'integer',
      }),
      call: (_principal, query) => services.properties.search(query),
    }),
    defineTool({
      name: 'buyer_get_property',
      title: 'Get a property',
      description: 'One published property with both languages’ titles and descriptions and its broker.',
      audience: buyer,
      annotations: READ,
      ids: ['property_id'],
      output: outputSchemaOf('The property', { id: 'string', title_en: 'string|null', title_ar: 'string|null' }),
      call: (_principal, _body, ids) => services.properties.get(ids.property_id),
    }),
    defineTool({
      name: 'buyer_price_intel',
      title: 'Price intelligence',
      description: 'A published property’s price per m² against its market (government sale records). Free.',
      audience: buyer,
      annotations: READ,
      ids: ['property_id'],
      output: outputSchemaOf('Price per m² against the benchmark', {}),
      call: (_principal, _body, ids) => services.properties.priceIntel(ids.property_id),
    }),
    defineTool({
      name: 'buyer_save_property',
      title: 'Save a property',
      description: 'Save a published property to your list (saving it again keeps the first time).',
      audience: buyer,
      annotations: UPDATE,
      input: SavePropertyBody,
      output: outputSchemaOf('The saved entry', { saved_at: 'string', property: 'object' }),
      call: (principal, body) => services.properties.save(principal, body),
    }),
    defineTool({
      name: 'buyer_unsave_property',
      title: 'Forget a saved property',
      description: 'Remove a property from your saved list.',
      audience: buyer,
      annotations: DELETE,
      ids: ['property_id'],
      output: outputSchemaOf('Removed', { removed: 'boolean' }),
      call: (principal, _body, ids) => services.properties.unsave(principal, ids.property_id),
      wrap: () => ({ removed: true }),
    }),
    defineTool({
      name: 'buyer_list_saved_properties',
      title: 'List saved properties',
      description: 'Your saved properties that are published now, newest saved first.',
      audience: buyer,
      annotations: READ,
      input: PageQuery,
      output: outputSchemaOf('A page of saved properties', { data: 'array' }),
      call: (principal, body) => services.properties.listSaved(principal, body),
    }),
    defineTool({
      name: 'buyer_save_search',
      title: 'Save a search with alerts',
      description:
        'Save a property search: new listings that match it, and listings whose price drops, are sent to you ' +
        '(e-mail, push, in-app, WhatsApp where set up) at once or as a daily or weekly digest. At most 20. ' +
        'Same rules as POST /v1/me/saved-searches.',
      audience: buyer,
      annotations: WRITE,
      input: CreateSavedSearchBody,
      output: SAVED_SEARCH_OUTPUT,
      call: (principal, body) => services.savedSearches.create(principal, body),
    }),
    defineTool({
      name: 'buyer_list_saved_searches',
      title: 'List saved searches',
      description: 'Your saved searches with their filters and alert frequency, newest first.',
      audience: buyer,
      annotations: READ,
      input: PageQuery,
      output: outputSchemaOf('A page of saved searches', { data: 'array' }),
      call: (principal, body) => services.savedSearches.list(principal, body),
    }),
    defineTool({
      name: 'buyer_update_saved_search',
      title: 'Change a saved search',
      description:
        'Rename a saved search, change how often it alerts (which also turns its alerts back on after an ' +
        'unsubscribe) or replace its filters.',
      audience: buyer,
      annotations: UPDATE,
      ids: ['saved_search_id'],
      input: UpdateSavedSearchBody,
      output: SAVED_SEARCH_OUTPUT,
      call: (principal, body, ids) => services.savedSearches.update(principal, ids.saved_search_id, body),
    }),
    defineTool({
      name: 'buyer_delete_saved_search',
      title: 'Delete a saved search',
      description: 'Delete one of your saved searches; its alerts stop.',
      audience: buyer,
      annotations: DELETE,
      ids: ['saved_search_id'],
      output: outputSchemaOf('Deleted', { deleted: 'boolean' }),
      call: (principal, _body, ids) => services.savedSearches.delete(principal, ids.saved_search_id),
      wrap: () => ({ deleted: true }),
    }),
    defineTool({
      name: 'buyer_submit_inquiry',
      title: 'Ask the broker',
      description:
        'Send a listing’s broker a question (Arabic or English). At most 10 inquiries per hour. The broker is ' +
        'notified; the answer arrives in the thread.',
      audience: buyer,
      annotations: WRITE,
      input: CreateInquiryBody,
      output: outputSchemaOf('The new inquiry and whether the broker was charged a lead credit', {
        inquiry: 'object',
        charged: 'boolean',
      }),
      call: (principal, body) => services.inquiries.create(p(principal), body),
    }),
    defineTool({
      name: 'buyer_get_inquiry_thread',
      title: 'Read an inquiry thread',
      description: 'One of your inquiries with its messages.',
      audience: buyer,
      annotations: READ,
      ids: ['inquiry_id'],
      output: outputSchemaOf('The thread', { id: 'string', status: 'string', messages: 'array' }),
      call: (principal, _body, ids) => services.inquiries.get(p(principal), ids.inquiry_id),
    }),
    defineTool({
      name: 'buyer_send_inquiry_message',
      title: 'Follow up on an inquiry',
      description: 'Add a message to one of your inquiry threads. Free.',
      audience: buyer,
      annotations: WRITE,
      ids: ['inquiry_id'],
      input: InquiryMessageBody,
      output: outputSchemaOf('The message', { id: 'string', body: 'string' }),
      call: (principal, body, ids) => services.inquiries.addMessage(p(principal), ids.inquiry_id, body),
    }),
    defineTool({
      name: 'buyer_list_my_inquiries',
      title: 'List my inquiries',
      description: 'The inquiries you sent, latest activity first.',
      audience: buyer,
      annotations: READ,
      input: ListInquiriesQuery,
      omit: ['as'],
      output: outputSchemaOf('A page of inquiries', { data: 'array' }),
      call: (principal, body) => services.inquiries.list(p(principal), { ...body, as: 'buyer' }),
    }),
    defineTool({
      name: 'buyer_book_viewing',
      title: 'Book a viewing',
      description:
        'Book a viewing at an open slot (see buyer_check_viewing_availability). The first booking of a slot wins. ' +
        'The broker is notified at once.',
      audience: buyer,
      annotations: WRITE,
      input: CreateBookingBody,
      output: outputSchemaOf('The booking and whether the broker was charged a lead credit', {
        booking: 'object',
        charged: 'boolean',
      }),
      call: (principal, body) => services.bookings.create(p(principal), body),
    }),
    defineTool({
      name: 'buyer_check_viewing_availability',
      title: 'Open viewing times',
      description: 'Open, unbooked viewing times of a published property (default: the next 14 days).',
      audience: buyer,
      annotations: READ,
      ids: ['property_id'],
      input: AvailabilityQuery,
      output: outputSchemaOf('Open slots', { slots: 'array' }),
      call: (_principal, body, ids) => services.propertyLeads.availability(ids.property_id, body),
    }),
    defineTool({
      name: 'buyer_list_my_viewings',
      title: 'List my viewings',
      description: 'Your viewing bookings, latest time first.',
      audience: buyer,
      annotations: READ,
      input: ListBookingsQuery,
      omit: ['as'],
      output: outputSchemaOf('A page of bookings', { data: 'array' }),
      call: (principal, body) => services.bookings.list(p(principal), { ...body, as: 'buyer' }),
    }),
    defineTool({
      name: 'buyer_submit_viewing_survey',
      title: 'Rate a viewing',
      description: 'Answer the post-visit survey of a completed viewing (once).',
      audience: buyer,
      annotations: WRITE,
      ids: ['booking_id'],
      input: SurveyBody,
      output: outputSchemaOf('The recorded answer', {}),
      call: (principal, body, ids) => services.bookings.survey(p(principal), ids.booking_id, body),
    }),
    defineTool({
      name: 'buyer_reveal_broker_phone',
      title: 'Show the broker’s phone',
      description:
        'The phone number of a published property’s broker. Like an inquiry, your first action on a listing ' +
        'costs the broker one lead credit.',
      audience: buyer,
      annotations: UPDATE,
      ids: ['property_id'],
      output: outputSchemaOf('The broker’s name and phone', {
        broker_name: 'string',
        phone: 'string',
        charged: 'boolean',
      }),
      call: (principal, _body, ids) => services.propertyLeads.revealPhone(p(principal), ids.property_id),
    }),
  ];
}
