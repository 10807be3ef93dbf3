import type {
  ProjectFacts,
  ProjectResponse,
  PublicProjectResponse,
  PublicUnitResponse,
  UnitResponse,
} from '@app/contracts';
import type { ProjectRow, UnitRow } from './projects.repository';

/** Pure mappers from rows to the contract's shapes. */
export function toProjectResponse(row: ProjectRow): ProjectResponse {
  return {
    object: 'project',
    id: row.id,
    workspace_id: row.workspace_id,
    name_en: row.name_en,
    name_ar: row.name_ar,
    description_en: row.description_en,
    description_ar: row.description_ar,
    status: row.status,
    handover_date: row.handover_date,
    country_code: row.country_code,
    city_id: Number(row.city_id),
    district_id: Number(row.district_id),
    city_en: row.city_en,
    city_ar: row.city_ar,
    district_en: row.district_en,
    district_ar: row.district_ar,
    rega_licence_number: row.rega_licence_number,
    dld_project_number: row.dld_project_number,
    escrow_account_number: row.escrow_account_number,
    unit_count: Number(row.unit_count ?? 0),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export function toUnitResponse(row: UnitRow): UnitResponse {
  return {
    object: 'unit',
    id: row.id,
    project_id: row.project_id,
    unit_ref: row.unit_ref,
    unit_type: row.unit_type,
    area_sqm: Number(row.area_sqm),
    bedrooms: row.bedrooms,
    floor: row.floor,
    price: Number(row.price),
    currency: row.currency,
    price_sar: Number(row.price_sar),
    status: row.status,
    listing_id: row.listing_id ?? null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export function toProjectFacts(project: ProjectRow, units: UnitRow[]): ProjectFacts {
  return {
    id: project.id,
    workspace_id: project.workspace_id,
    name_en: project.name_en,
    name_ar: project.name_ar,
    city_en: project.city_en,
    city_ar: project.city_ar,
    district_en: project.district_en,
    district_ar: project.district_ar,
    handover_date: project.handover_date,
    units: units.map((unit) => ({
      id: unit.id,
      unit_ref: unit.unit_ref,
      unit_type: unit.unit_type,
      bedrooms: unit.bedrooms,
      area_sqm: Number(unit.area_sqm),
      floor: unit.floor,
      price: Number(unit.price),
      currency: unit.currency,
      price_sar: Number(unit.price_sar),
      status: unit.status,
    })),
  };
}

/** What anyone may see: no workspace, escrow account or internal ids beyond the units'. */
export function toPublicProject(project: ProjectRow, units: UnitRow[]): PublicProjectResponse {
  return {
    object: 'project',
    id: project.id,
    name_en: project.name_en,
    name_ar: project.name_ar,
    description_en: project.description_en,
    description_ar: project.description_ar,
    status: project.status,
    handover_date: project.handover_date,
    country_code: project.country_code,
    city_en: project.city_en,
    city_ar: project.city_ar,
    district_en: project.district_en,
    district_ar: project.district_ar,
    rega_licence_number: project.rega_licence_number,
    dld_project_number: project.dld_project_number,
    units: units.map((unit): PublicUnitResponse => ({
      id: unit.id,
      unit_ref: unit.unit_ref,
      unit_type: unit.unit_type,
      status: unit.status,
      price: Number(unit.price),
      currency: unit.currency,
      price_sar: Number(unit.price_sar),
      area_sqm: Number(unit.area_sqm),
      bedrooms: unit.bedrooms,
      floor: unit.floor,
      property_id: unit.listing_status === 'published' ? unit.listing_id : null,
    })),
  };
}

/** A listing's titles and descriptions made from its unit and project, in both languages. */
export function listingTextOf(
  project: ProjectRow,
  unit: UnitRow,
): { title_en: string; title_ar: string; description_en: string; description_ar: string } {
  const ref = unit.unit_ref ? ` ${unit.unit_ref}` : '';
  const rooms = unit.bedrooms !== null && unit.unit_type !== 'land' ? unit.bedrooms : null;
  const typeEn = TYPE_EN[unit.unit_type];
  const typeAr = TYPE_AR[unit.unit_type];
  const whatEn = rooms !== null && rooms > 0 ? `${rooms}-bedroom ${typeEn}` : typeEn;
  const whatAr = rooms !== null && rooms > 0 ? `${typeAr} ${rooms} غرف نوم` : typeAr;
  const handoverEn = project.handover_date ? `, handover ${project.handover_date}` : '';
  const handoverAr = project.handover_date ? `، التسليم ${project.handover_date}` : '';
  const stageEn = project.status === 'off_plan' ? 'Off-plan' : 'Ready';
  const stageAr = project.status === 'off_plan' ? 'على الخارطة' : 'جاهز';
  return {
    title_en: clip(`${whatEn}${ref} — ${project.name_en}`, 200),
    title_ar: clip(`${whatAr}${ref} — ${project.name_ar}`, 200),
    description_en: clip(
      [
        `${stageEn} in ${project.name_en}, ${project.district_en}, ${project.city_en}${handoverEn}.`,
        project.description_en,
      ]
        .filter(Boolean)
        .join('\n\n'),
      5000,
    ),
    description_ar: clip(
      [
        `${stageAr} في ${project.name_ar}، ${project.district_ar}، ${project.city_ar}${handoverAr}.`,
        project.description_ar,
      ]
        .filter(Boolean)
        .join('\n\n'),
      5000,
    ),
  };
}

const TYPE_EN: Record<UnitRow['unit_type'], string> = {
  apartment: 'apartment',
  villa: 'villa',
  land: 'plot',
  shop: 'shop',
  office: 'office',
};
const TYPE_AR: Record<UnitRow['unit_type'], string> = {
  apartment: 'شقة',
  villa: 'فيلا',
  land: 'أرض',
  shop: 'محل',
  office: 'مكتب',
};

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
