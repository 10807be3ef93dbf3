import { LISTING_IMPORT_COLUMNS } from '@app/contracts';
import type { ListingImportColumn } from '@app/contracts';

/** Two example rows: one in English place names, one in Arabic; UTF-8 with a BOM, so Excel shows the Arabic. */
const EXAMPLES: Partial<Record<ListingImportColumn, string>>[] = [
  {
    external_ref: 'MY-REF-001',
    property_type: 'apartment',
    title_en: 'Bright apartment facing Kingdom Tower',
    title_ar: 'شقة مشرقة مقابل برج المملكة',
    description_en: 'Three bedrooms, covered parking.',
    description_ar: 'ثلاث غرف نوم، موقف مغطى.',
    price: '1200000',
    currency: 'SAR',
    city: 'Riyadh',
    district: 'Al Olaya',
    area_sqm: '150',
    bedrooms: '3',
    bathrooms: '2',
    licence_number: '7200012345',
  },
  {
    external_ref: 'MY-REF-002',
    property_type: 'land',
    title_en: 'Residential plot',
    title_ar: 'أرض سكنية',
    price: '950000',
    currency: 'SAR',
    city: 'الرياض',
    district: 'العليا',
    area_sqm: '600',
    licence_number: '7200012346',
  },
];

function csvCell(value: string | undefined): string {
  if (value === undefined) return '';
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** GET /v1/listings/import/template.csv: every column, in order, with two example rows. */
export const LISTING_IMPORT_TEMPLATE_CSV =
  '\uFEFF' +
  [
    LISTING_IMPORT_COLUMNS.join(','),
    ...EXAMPLES.map((example) => LISTING_IMPORT_COLUMNS.map((column) => csvCell(example[column])).join(',')),
  ].join('\r\n') +
  '\r\n';
