/**
 * Developer projects and their units (catalogue service). The full request/response
 * classes live beside the routes; what other services rely on is declared here.
 */
export const PROJECT_UNIT_STATUSES = ['available', 'reserved', 'sold'] as const;
export type ProjectUnitStatus = (typeof PROJECT_UNIT_STATUSES)[number];

/**
 * The live facts of one project, read by the leads service's widget assistant: prices and
 * availability always come from here, never from knowledge-base text.
 * Request {@link ProjectFactsRequest}; answer {@link ProjectFacts}, or the error
 * `project_not_found` (404) when the project is unknown or belongs to another workspace.
 */
export const CATALOGUE_PROJECT_FACTS_PATTERN = 'rpc.catalogue.projects.facts.v1';

export interface ProjectFactsRequest {
  project_id: string;
  /** When given, a project of another workspace answers `project_not_found`. */
  workspace_id?: string;
}

export interface ProjectUnitFacts {
  id: string;
  unit_ref: string | null;
  unit_type: string;
  bedrooms: number | null;
  area_sqm: number;
  floor: number | null;
  price: number;
  currency: 'SAR' | 'AED';
  price_sar: number;
  status: ProjectUnitStatus;
}

export interface ProjectFacts {
  id: string;
  workspace_id: string;
  name_en: string;
  name_ar: string;
  city_en: string;
  city_ar: string;
  district_en: string;
  district_ar: string;
  handover_date: string | null;
  units: ProjectUnitFacts[];
}
