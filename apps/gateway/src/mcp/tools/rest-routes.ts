import { Injectable } from '@nestjs/common';
import { BillingService } from '../../billing/billing.service';
import { ListingsController } from '../../catalogue/listings.controller';
import { DecisionsService } from '../../decisions/decisions.service';
import { ApiKeysService } from '../../identity/api-keys/api-keys.service';
import { InvitationsService } from '../../identity/workspaces/invitations.service';
import { KnowledgeController } from '../../knowledge/knowledge.controller';
import { WorkspacesService } from '../../identity/workspaces/workspaces.service';
import { BookingsService } from '../../leads/bookings.service';
import { CrmService } from '../../leads/crm.service';
import { InquiriesService } from '../../leads/inquiries.service';
import { PropertyLeadsService } from '../../leads/property-leads.service';
import { LocationsApiService } from '../../locations/locations-api.service';
import { MarketApiService } from '../../market/market-api.service';
import { ProjectsController } from '../../projects/projects.controller';
import { UnitsController } from '../../projects/units.controller';
import { PropertiesController } from '../../properties/properties.controller';
import { SavedPropertiesController } from '../../properties/saved-properties.controller';

/**
 * The REST routes' handlers, as plain objects: a tool calls the very method its route calls, so
 * the mapping from caller to service request, and everything behind it over the transport
 * (moderation, limits, ownership, balances), is one code path. The access guard's part (who may
 * call) is the catalogue's audience check, by the same rule (identity/access/access-rules.ts).
 */
@Injectable()
export class RestRoutes {
  constructor(
    readonly properties: PropertiesController,
    readonly saved: SavedPropertiesController,
    readonly inquiries: InquiriesService,
    readonly bookings: BookingsService,
    readonly propertyLeads: PropertyLeadsService,
    readonly crm: CrmService,
    readonly listings: ListingsController,
    readonly workspace: WorkspacesService,
    readonly invitations: InvitationsService,
    readonly apiKeys: ApiKeysService,
    readonly billing: BillingService,
    readonly decisions: DecisionsService,
    readonly locations: LocationsApiService,
    readonly market: MarketApiService,
    readonly projects: ProjectsController,
    readonly units: UnitsController,
    readonly knowledge: KnowledgeController,
  ) {}
}

/** The handler classes RestRoutes needs, provided (not mounted) by the MCP tools module. */
export const REST_HANDLERS = [
  PropertiesController,
  SavedPropertiesController,
  ListingsController,
  ProjectsController,
  UnitsController,
  KnowledgeController,
];
