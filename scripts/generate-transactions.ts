import { writeFileSync } from 'node:fs';
import type { PropertyType } from '@app/contracts';
import { SEED_CITIES } from '../apps/decision/src/locations/location-seed';
import { syntheticTransactions } from '../apps/decision/src/transactions/synthetic-transactions';
import type { TransactionRow } from '../apps/decision/src/transactions/transaction.types';

/**
 * `npm run generate:transactions -- <moj|dld> <out.csv> [seed]`: the synthetic demo sales
 * (every seeded district × type × 2023-2025) written in a government export's own format —
 * MoJ for the Saudi cities, DLD (Dubai Pulse) for Dubai — so the importer and
 * `npm run eval:benchmarks` can be run on files shaped like the real ones.
 */
const AED_PER_SAR = 3.6725 / 3.75;

const MOJ_TYPES: Record<PropertyType, [classification: string, type: string]> = {
  apartment: ['سكني', 'شقة'],
  villa: ['سكني', 'فيلا'],
  land: ['سكني', 'أرض'],
  commercial: ['تجاري', 'محل تجاري'],
  office: ['تجاري', 'مكتب'],
};

const DLD_TYPES: Record<PropertyType, [type: string, subType: string]> = {
  apartment: ['Unit', 'Flat'],
  villa: ['Villa', ''],
  land: ['Land', ''],
  commercial: ['Unit', 'Shop'],
  office: ['Unit', 'Office'],
};

const DLD_HEADER =
  'transaction_id,procedure_id,trans_group_id,trans_group_ar,trans_group_en,procedure_name_ar,procedure_name_en,instance_date,property_type_id,property_type_ar,property_type_en,property_sub_type_id,property_sub_type_ar,property_sub_type_en,property_usage_ar,property_usage_en,reg_type_id,reg_type_ar,reg_type_en,area_id,area_name_ar,area_name_en,building_name_ar,building_name_en,project_number,project_name_ar,project_name_en,master_project_ar,master_project_en,nearest_landmark_ar,nearest_landmark_en,nearest_metro_ar,nearest_metro_en,nearest_mall_ar,nearest_mall_en,rooms_ar,rooms_en,has_parking,procedure_area,actual_worth,meter_sale_price,rent_value,meter_rent_price,no_of_parties_role_1,no_of_parties_role_2,no_of_parties_role_3,load_timestamp';

const names = new Map(
  SEED_CITIES.flatMap((city) =>
    city.districts.map(([id, nameAr, nameEn]) => [id, { city: city, district: { nameAr, nameEn } }] as const),
  ),
);

const thousands = (value: number) => `"${Math.round(value).toLocaleString('en-US')}"`;

function mojLine(row: TransactionRow, n: number): string | null {
  const place = names.get(row.districtId ?? -1);
  if (!place || place.city.country !== 'SA') return null;
  const [classification, type] = MOJ_TYPES[row.propertyType];
  const district = place.district.nameAr.replace(/^حي /, '');
  return [
    `منطقة ${place.city.region}`,
    place.city.name_ar,
    `${place.city.name_ar}/${district}`,
    String(500_000_000 + n),
    row.date.replaceAll('-', '/'),
    '',
    classification,
    type,
    '1',
    thousands(row.priceSar),
    thousands(row.areaSqm),
  ].join(',');
}

function dldLine(row: TransactionRow, n: number): string | null {
  const place = names.get(row.districtId ?? -1);
  if (!place || place.city.country !== 'AE') return null;
  const [type, subType] = DLD_TYPES[row.propertyType];
  const worth = Math.round(row.priceSar * AED_PER_SAR);
  const fields = Array<string>(47).fill('');
  Object.assign(fields, {
    0: `1-11-${row.date.slice(0, 4)}-${n}`,
    1: '11',
    2: '1',
    3: 'مبايعات',
    4: 'Sales',
    6: 'Sell',
    7: row.date,
    10: type,
    13: subType,
    15: row.propertyType === 'commercial' || row.propertyType === 'office' ? 'Commercial' : 'Residential',
    18: 'Existing Properties',
    20: place.district.nameAr,
    21: place.district.nameEn,
    38: String(row.areaSqm),
    39: String(worth),
    40: (worth / row.areaSqm).toFixed(2),
  });
  return fields.join(',');
}

const [format, out, seed] = process.argv.slice(2);
if ((format !== 'moj' && format !== 'dld') || !out) {
  process.stderr.write('Usage: npm run generate:transactions -- <moj|dld> <out.csv> [seed]\n');
  process.exit(1);
}
const rows = syntheticTransactions(seed ? Number(seed) : undefined);
const header =
  format === 'moj'
    ? 'المنطقة,المدينة,المدينة / الحي,الرقم المرجعي للصفقة,تاريخ الصفقة ميلادي,تاريخ الصفقة هجري,تصنيف العقار,نوع العقار,عدد العقارات,السعر,المساحة'
    : DLD_HEADER;
const lines = rows.map((row, n) => (format === 'moj' ? mojLine(row, n) : dldLine(row, n))).filter((l) => l !== null);
writeFileSync(out, `${[header, ...lines].join('\n')}\n`);
process.stdout.write(`${out}: ${lines.length} ${format} sales\n`);
