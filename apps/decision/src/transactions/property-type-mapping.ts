import { PROPERTY_TYPES } from '@app/contracts';
import type { PropertyType } from '@app/contracts';
import { normalizeArabicLetters } from '../locations/location-text';
import type { SkipReason } from './transaction.types';

/**
 * Source property types → ours (apartment, villa, land, commercial, office). Anything else
 * (whole buildings, hotel rooms, warehouses, farms) has no comparable price per m² and is
 * skipped as `unsupported_type`. The README lists the tables.
 */
export type TypeMapping = PropertyType | Extract<SkipReason, 'unsupported_type' | 'untyped_residential'>;

const key = (text: string | undefined) =>
  normalizeArabicLetters((text ?? '').normalize('NFKC'))
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

/** DLD `property_sub_type_en` / `PROP_SB_TYPE_EN` of a `Unit`. */
const DLD_UNIT_SUB_TYPES: Record<string, PropertyType> = {
  flat: 'apartment',
  apartment: 'apartment',
  'hotel apartment': 'apartment',
  villa: 'villa',
  townhouse: 'villa',
  'stacked townhouses': 'villa',
  office: 'office',
  shop: 'commercial',
  'show rooms': 'commercial',
  showroom: 'commercial',
  retail: 'commercial',
};

/** DLD: `Land` → land; `Villa` → villa; a `Unit` by its sub-type; `Building` and the rest unsupported. */
export function dldPropertyType(type: string | undefined, subType: string | undefined): TypeMapping {
  const main = key(type);
  if (main === 'land') return 'land';
  if (main === 'villa') return 'villa';
  if (main === 'unit') return DLD_UNIT_SUB_TYPES[key(subType)] ?? 'unsupported_type';
  return 'unsupported_type';
}

/** MoJ `نوع العقار` (present in some quarterly files), keyed after Arabic letter normalisation. */
const MOJ_TYPES: Record<string, PropertyType> = {
  [key('أرض')]: 'land',
  [key('قطعة أرض')]: 'land',
  [key('شقة')]: 'apartment',
  [key('شقة سكنية')]: 'apartment',
  [key('فيلا')]: 'villa',
  [key('فيلا سكنية')]: 'villa',
  [key('محل')]: 'commercial',
  [key('محل تجاري')]: 'commercial',
  [key('معرض')]: 'commercial',
  [key('مكتب')]: 'office',
};

/** MoJ `تصنيف العقار`. Residential alone cannot tell a plot from a flat, so it is not guessed. */
const MOJ_CLASSIFICATIONS: Record<string, TypeMapping> = {
  [key('تجاري')]: 'commercial',
  [key('سكني')]: 'untyped_residential',
  [key('زراعي')]: 'unsupported_type',
  [key('صناعي')]: 'unsupported_type',
};

/** MoJ: the property type when the file has one, else the classification. */
export function mojPropertyType(classification: string | undefined, type: string | undefined): TypeMapping {
  if (key(type)) return MOJ_TYPES[key(type)] ?? 'unsupported_type';
  return MOJ_CLASSIFICATIONS[key(classification)] ?? 'unsupported_type';
}

const PLAIN_TYPES: Record<string, PropertyType> = {
  ...Object.fromEntries(PROPERTY_TYPES.map((type) => [type, type])),
  ...MOJ_TYPES,
  [key('تجاري')]: 'commercial',
  shop: 'commercial',
  flat: 'apartment',
};

/** The plain CSV: our own names, or their Arabic and common English equivalents. */
export function plainPropertyType(type: string | undefined): TypeMapping {
  return PLAIN_TYPES[key(type)] ?? 'unsupported_type';
}
