import { Injectable } from '@nestjs/common';
import { BillingService } from '../../billing/billing.service';
import { ListingsService } from '../../catalogue/listings.service';
import { DecisionsService } from '../../decisions/decisions.service';
import { ApiKeysService } from '../../identity/api-keys/api-keys.service';
import { InvitationsService } from '../../identity/workspaces/invitations.service';
import { WorkspacesService } from '../../identity/workspaces/workspaces.service';
import { KnowledgeService } from '../../knowledge/knowledge.service';
import { BookingsService } from '../../leads/bookings.service';
import { CrmService } from '../../leads/crm.service';
import { InquiriesService } from '../../leads/inquiries.service';
import { PropertyLeadsService } from '../../leads/property-leads.service';
import { LocationsApiService } from '../../locations/locations-api.service';
import { MarketApiService } from '../../market/market-api.service';
import { ProjectsService } from '../../projects/projects.service';
import { UnitsService } from '../../projects/units.service';
import { PropertiesService } from '../../properties/properties.service';
import { SavedSearchesService } from '../../properties/saved-searches.service';

/**
 * The feature services the tools call: the very methods the REST controllers call, so the mapping
 * from caller to service request, and everything behind it over the transport (moderation, limits,
 * ownership, balances), is one code path. The access guard's part (who may call) is the catalogue's
 * audience check, by the same rule (identity/access/access-rules.ts).
 */
@Injectable()
export class ToolServices {
  constructor(
    readonly properties: PropertiesService,
    readonly savedSearches: SavedSearchesService,
    readonly inquiries: InquiriesService,
    readonly bookings: BookingsService,
    readonly propertyLeads: PropertyLeadsService,
    readonly crm: CrmService,
    readonly listings: ListingsService,
    readonly workspace: WorkspacesService,
    readonly invitations: InvitationsService,
    readonly apiKeys: ApiKeysService,
    readonly billing: BillingService,
    readonly decisions: DecisionsService,
    readonly locations: LocationsApiService,
    readonly market: MarketApiService,
    readonly projects: ProjectsService,
    readonly units: UnitsService,
    readonly knowledge: KnowledgeService,
  ) {}
}
