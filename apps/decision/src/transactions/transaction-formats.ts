import { createHash } from 'node:crypto';
import { DUBAI_CITY_ID } from '../locations/location-seed';
import { dldPropertyType, mojPropertyType, plainPropertyType } from './property-type-mapping';
import type { TypeMapping } from './property-type-mapping';
import { CURRENCIES, parseAmount, parseDate, toSar } from './transaction-values';
import type { Currency } from './transaction-values';
import { skipped } from './transaction.types';
import type { PlaceText, RowOutcome, TransactionFormat, TransactionSource } from './transaction.types';

/** Header names compared trimmed, lower case, with `المدينة / الحي` and `المدينة/الحي` alike. */
export function headerKey(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/\s*\/\s*/g, '/')
    .replace(/\s+/g, ' ');
}

export const MOJ_COLUMNS = {
  region: 'المنطقة',
  city: 'المدينة',
  cityDistrict: 'المدينة/الحي',
  reference: 'الرقم المرجعي للصفقة',
  gregorianDate: 'تاريخ الصفقة ميلادي',
  hijriDate: 'تاريخ الصفقة هجري',
  classification: 'تصنيف العقار',
  type: 'نوع العقار',
  propertyCount: 'عدد العقارات',
  price: 'السعر',
  area: 'المساحة',
} as const;

/** The plain CSV: `date,city,district,property_type,price,area[,currency][,reference]`. */
export const PLAIN_COLUMNS = ['date', 'city', 'district', 'property_type', 'price', 'area', 'currency', 'reference'];

const FORMAT_SIGNATURES: [TransactionFormat, string[]][] = [
  ['dld-pulse', ['trans_group_en', 'instance_date', 'actual_worth', 'procedure_area', 'area_name_en']],
  ['dld-website', ['group_en', 'instance_date', 'trans_value', 'procedure_area', 'area_en']],
  ['moj', [MOJ_COLUMNS.gregorianDate, MOJ_COLUMNS.price, MOJ_COLUMNS.area, MOJ_COLUMNS.classification]],
  ['plain', ['date', 'city', 'property_type', 'price', 'area']],
];

export const FORMAT_SOURCE: Record<TransactionFormat, TransactionSource> = {
  'dld-pulse': 'dld',
  'dld-website': 'dld',
  moj: 'moj',
  plain: 'csv',
};

/** The format whose required columns the header row holds, or undefined. */
export function detectFormat(header: string[]): TransactionFormat | undefined {
  const keys = new Set(header.map(headerKey));
  const moj = keys.has(MOJ_COLUMNS.city) || keys.has(MOJ_COLUMNS.cityDistrict);
  return FORMAT_SIGNATURES.find(
    ([format, required]) => required.every((column) => keys.has(column)) && (format !== 'moj' || moj),
  )?.[0];
}

type Cells = (column: string) => string;

/** sha256 over every column name (as `headerKey` gives it) and trimmed value, in header order: the whole record. */
function recordHash(format: TransactionFormat, headerKeys: string[], values: string[]): string {
  const hash = createHash('sha256').update(FORMAT_SOURCE[format]);
  headerKeys.forEach((key, i) => hash.update(`\u001f${key}\u001e${(values[i] ?? '').trim()}`));
  return hash.digest('hex');
}

interface Fields {
  group?: 'sale' | 'other';
  propertyCount?: string;
  type: TypeMapping;
  date: string;
  price: string;
  currency: Currency | undefined;
  area: string;
  place: PlaceText;
  reference: string;
}

const nonEmpty = (text: string) => (text.trim() ? text.trim() : undefined);
const idOrName = (text: string): { id?: number; name?: string } => {
  const value = text.trim();
  if (!value) return {};
  return /^\d+$/.test(value) ? { id: Number(value) } : { name: value };
};

/** DLD groups: `Sales` (مبايعات) are market prices; `Mortgage` and `Gifts` are not. */
function dldGroup(english: string, arabic: string): 'sale' | 'other' {
  const group = (english || arabic).trim().toLowerCase();
  return group === 'sales' || group === 'sale' || group === 'مبايعات' ? 'sale' : 'other';
}

const FIELD_READERS: Record<TransactionFormat, (cell: Cells) => Fields> = {
  'dld-pulse': (cell) => ({
    group: dldGroup(cell('trans_group_en'), cell('trans_group_ar')),
    type: dldPropertyType(cell('property_type_en'), cell('property_sub_type_en')),
    date: cell('instance_date'),
    price: cell('actual_worth'),
    currency: 'AED',
    area: cell('procedure_area'),
    place: { cityId: DUBAI_CITY_ID, district: nonEmpty(cell('area_name_en')) ?? nonEmpty(cell('area_name_ar')) },
    reference: cell('transaction_id'),
  }),
  'dld-website': (cell) => ({
    group: dldGroup(cell('group_en'), ''),
    type: dldPropertyType(cell('prop_type_en'), cell('prop_sb_type_en')),
    date: cell('instance_date'),
    price: cell('trans_value'),
    currency: 'AED',
    area: nonEmpty(cell('procedure_area')) ?? cell('actual_area'),
    place: { cityId: DUBAI_CITY_ID, district: nonEmpty(cell('area_en')) },
    reference: cell('transaction_number'),
  }),
  moj: (cell) => {
    // `الرياض/بدر`: the city before the first slash, the district after it.
    const [cityPart, ...districtParts] = cell(MOJ_COLUMNS.cityDistrict).split('/');
    return {
      propertyCount: cell(MOJ_COLUMNS.propertyCount),
      type: mojPropertyType(cell(MOJ_COLUMNS.classification), cell(MOJ_COLUMNS.type)),
      date: cell(MOJ_COLUMNS.gregorianDate),
      price: cell(MOJ_COLUMNS.price),
      currency: 'SAR',
      area: cell(MOJ_COLUMNS.area),
      place: {
        city: nonEmpty(cell(MOJ_COLUMNS.city)) ?? nonEmpty(cityPart),
        district: nonEmpty(districtParts.join('/')),
      },
      reference: cell(MOJ_COLUMNS.reference),
    };
  },
  plain: (cell) => {
    const city = idOrName(cell('city'));
    const district = idOrName(cell('district'));
    const currency = (nonEmpty(cell('currency')) ?? 'SAR').toUpperCase();
    return {
      type: plainPropertyType(cell('property_type')),
      date: cell('date'),
      price: cell('price'),
      currency: (CURRENCIES as readonly string[]).includes(currency) ? (currency as Currency) : undefined,
      area: cell('area'),
      place: { cityId: city.id, city: city.name, districtId: district.id, district: district.name },
      reference: cell('reference'),
    };
  },
};

/** Reads one file's rows once its header is known: pure, one call per data row. */
export interface RowReader {
  format: TransactionFormat;
  read(values: string[]): RowOutcome;
}

export function createRowReader(header: string[]): RowReader | undefined {
  const format = detectFormat(header);
  if (!format) return undefined;
  // Normalised once per file: the hash and the cell look-ups run for every one of a million rows.
  const headerKeys = header.map(headerKey);
  const columns = new Map<string, number>();
  headerKeys.forEach((key, i) => {
    if (!columns.has(key)) columns.set(key, i);
  });
  const readFields = FIELD_READERS[format];
  return {
    format,
    read(values) {
      const cell: Cells = (column) => {
        const i = columns.get(column);
        return i === undefined ? '' : (values[i] ?? '');
      };
      const fields = readFields(cell);
      if (fields.group === 'other') return skipped('non_sale');
      if (fields.propertyCount !== undefined && (parseAmount(fields.propertyCount) ?? 1) > 1)
        return skipped('multi_property');
      if (fields.type === 'unsupported_type' || fields.type === 'untyped_residential') return skipped(fields.type);
      const date = parseDate(fields.date);
      if (!date) return skipped('unparseable_date');
      const price = parseAmount(fields.price);
      if (price === undefined || fields.currency === undefined) return skipped('unparseable_price');
      const area = parseAmount(fields.area);
      if (area === undefined) return skipped('unparseable_area');
      return {
        ok: true,
        transaction: {
          source: FORMAT_SOURCE[format],
          sourceRef: nonEmpty(fields.reference) ?? null,
          recordHash: recordHash(format, headerKeys, values),
          date,
          place: fields.place,
          propertyType: fields.type,
          priceSar: toSar(price, fields.currency),
          areaSqm: Math.round(area * 100) / 100,
        },
      };
    },
  };
}
