import { Injectable } from '@nestjs/common';
import { BillingController } from '../../billing/billing.controller';
import { ListingsService } from '../../catalogue/listings.service';
import { DecisionsController } from '../../decisions/decisions.controller';
import { ApiKeysController } from '../../identity/api-keys/api-keys.controller';
import { InvitationsController } from '../../identity/workspaces/invitations.controller';
import { KnowledgeService } from '../../knowledge/knowledge.service';
import { WorkspacesController } from '../../identity/workspaces/workspaces.controller';
import { BookingsService } from '../../leads/bookings.service';
import { CrmService } from '../../leads/crm.service';
import { InquiriesService } from '../../leads/inquiries.service';
import { PropertyLeadsService } from '../../leads/property-leads.service';
import { LocationsController } from '../../locations/locations.controller';
import { MarketController } from '../../market/market.controller';
import { ProjectsService } from '../../projects/projects.service';
import { UnitsService } from '../../projects/units.service';
import { PropertiesService } from '../../properties/properties.service';

/**
 * The REST routes' handlers, as plain objects: a tool calls the very method its route calls, so
 * the mapping from caller to service request, and everything behind it over the transport
 * (moderation, limits, ownership, balances), is one code path. The access guard's part (who may
 * call) is the catalogue's audience check, by the same rule (identity/access/access-rules.ts).
 */
@Injectable()
export class RestRoutes {
  constructor(
    readonly properties: PropertiesService,
    readonly inquiries: InquiriesService,
    readonly bookings: BookingsService,
    readonly propertyLeads: PropertyLeadsService,
    readonly crm: CrmService,
    readonly listings: ListingsService,
    readonly workspace: WorkspacesController,
    readonly invitations: InvitationsController,
    readonly apiKeys: ApiKeysController,
    readonly billing: BillingController,
    readonly decisions: DecisionsController,
    readonly locations: LocationsController,
    readonly market: MarketController,
    readonly projects: ProjectsService,
    readonly units: UnitsService,
    readonly knowledge: KnowledgeService,
  ) {}
}

/** The handler classes RestRoutes needs, provided (not mounted) by the MCP tools module. */
export const REST_HANDLERS = [
  WorkspacesController,
  InvitationsController,
  ApiKeysController,
  BillingController,
  DecisionsController,
  LocationsController,
  MarketController,
];
