import type { CreateUnitRequest, ProjectResponse } from '@app/contracts';
import type { ProjectsService } from '../projects/projects.service';
import type { UnitsService } from '../projects/units.service';

/** The demo developer's project: off-plan apartments in Riyadh with a Wafi licence and escrow account. */
const DEMO_PROJECT = {
  name_en: 'Al Noor Residences',
  name_ar: 'مساكن النور',
  description_en:
    'An off-plan residential compound in Al Olaya, Riyadh: apartments around a landscaped courtyard, ' +
    'with a swimming pool, a gym and a children’s play area.',
  description_ar:
    'مجمع سكني على الخارطة في حي العليا بالرياض: شقق حول فناء مزروع، مع مسبح وصالة رياضية ومنطقة ألعاب للأطفال.',
  city: 'الرياض',
  district: 'العليا',
  status: 'off_plan' as const,
  handover_date: '2028-06-30',
  rega_licence_number: '2025001234',
  escrow_account_number: 'SA0380000000608010167519',
};

/** Units across the three statuses, so the assistant's live price and availability answers have something to say. */
const DEMO_UNITS: Omit<CreateUnitRequest, 'workspace_id' | 'project_id'>[] = [
  {
    unit_ref: 'A-101',
    unit_type: 'apartment',
    area_sqm: 118,
    bedrooms: 2,
    floor: 1,
    price: 980_000,
    status: 'available',
  },
  {
    unit_ref: 'A-204',
    unit_type: 'apartment',
    area_sqm: 146,
    bedrooms: 3,
    floor: 2,
    price: 1_250_000,
    status: 'available',
  },
  {
    unit_ref: 'A-305',
    unit_type: 'apartment',
    area_sqm: 146,
    bedrooms: 3,
    floor: 3,
    price: 1_290_000,
    status: 'reserved',
  },
  {
    unit_ref: 'B-402',
    unit_type: 'apartment',
    area_sqm: 192,
    bedrooms: 4,
    floor: 4,
    price: 1_690_000,
    status: 'available',
  },
  { unit_ref: 'B-PH1', unit_type: 'apartment', area_sqm: 260, bedrooms: 4, floor: 8, price: 2_450_000, status: 'sold' },
];

/**
 * The standalone demo's developer project and units, through the same services as the API
 * (place resolved by the decision service, events in the outbox). Run once, right after the
 * developer workspace is created.
 */
export async function seedDeveloperProject(
  projects: ProjectsService,
  units: UnitsService,
  workspaceId: string,
  ownerId: string,
): Promise<ProjectResponse> {
  const project = await projects.create({ ...DEMO_PROJECT, workspace_id: workspaceId, created_by: ownerId });
  for (const unit of DEMO_UNITS) await units.create({ ...unit, workspace_id: workspaceId, project_id: project.id });
  return project;
}
