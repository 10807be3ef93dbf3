import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readTransactionsText } from './transaction-csv';
import { detectFormat } from './transaction-formats';
import type { ParsedTransaction, RowOutcome } from './transaction.types';

const FIXTURES = path.join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'transactions');
const read = (file: string) => readTransactionsText(readFileSync(path.join(FIXTURES, file), 'utf8'), file);
const reasons = (outcomes: RowOutcome[]) => outcomes.map((o) => (o.ok ? 'ok' : o.reason));
const transactions = (outcomes: RowOutcome[]): ParsedTransaction[] =>
  outcomes.flatMap((o) => (o.ok ? [o.transaction] : []));

describe('detectFormat', () => {
  it('should recognise each format from its header row alone', () => {
    expect(
      detectFormat([
        '\uFEFFtransaction_id',
        'trans_group_en',
        'instance_date',
        'actual_worth',
        'procedure_area',
        'area_name_en',
      ]),
    ).toBe('dld-pulse');
    expect(
      detectFormat(['TRANSACTION_NUMBER', 'INSTANCE_DATE', 'GROUP_EN', 'TRANS_VALUE', 'PROCEDURE_AREA', 'AREA_EN']),
    ).toBe('dld-website');
    expect(detectFormat(['المدينة', 'المدينة/الحي', 'تاريخ الصفقة ميلادي', 'تصنيف العقار', 'السعر', 'المساحة'])).toBe(
      'moj',
    );
    expect(detectFormat(['date', 'city', 'district', 'property_type', 'price', 'area'])).toBe('plain');
  });

  it('should recognise nothing when required columns are missing', () => {
    expect(detectFormat(['date', 'city', 'price'])).toBeUndefined();
    expect(detectFormat(['السعر', 'المساحة'])).toBeUndefined();
  });

  it('should refuse a file whose header it does not know, naming the formats it reads', () => {
    expect(() => readTransactionsText('a,b,c\n1,2,3\n', 'odd.csv')).toThrow(/odd\.csv: unrecognised header row.*MoJ/);
  });
});

describe('DLD Dubai Pulse export (snake_case)', () => {
  const { format, outcomes } = read('dld-pulse.csv');

  it('should keep Sales only, skip Mortgage and Gifts, buildings and hotel rooms, and bad cells', () => {
    expect(format).toBe('dld-pulse');
    expect(reasons(outcomes)).toEqual([
      'ok',
      'ok',
      'ok',
      'non_sale',
      'non_sale',
      'unsupported_type',
      'unsupported_type',
      'ok',
      'ok',
      'ok',
      'unparseable_date',
      'unparseable_price',
      'ok',
      'ok',
    ]);
  });

  it('should convert AED to SAR at the peg and read the DLD area name as the district', () => {
    expect(transactions(outcomes)[0]).toMatchObject({
      source: 'dld',
      sourceRef: '1-11-2024-1021',
      date: '2024-03-14',
      place: { cityId: 2_000_000_001, district: 'Marsa Dubai' },
      propertyType: 'apartment',
      priceSar: 1_889_040.16,
      areaSqm: 92.5,
    });
  });

  it('should hash the whole record: a repeated row hashes alike, a row sharing only the transaction number does not', () => {
    const [first, , , , repeated, sameNumber] = transactions(outcomes);
    expect(repeated.recordHash).toBe(first.recordHash);
    expect(sameNumber.sourceRef).toBe(first.sourceRef);
    expect(sameNumber.recordHash).not.toBe(first.recordHash);
  });

  it('should read the day-month-year dates DLD also writes', () => {
    expect(transactions(outcomes).find((t) => t.propertyType === 'office')?.date).toBe('2024-05-09');
  });
});

describe('DLD website export (upper case)', () => {
  const { format, outcomes } = read('dld-website.csv');

  it('should keep Sales only and read thousands separators in TRANS_VALUE', () => {
    expect(format).toBe('dld-website');
    expect(reasons(outcomes)).toEqual(['ok', 'ok', 'non_sale', 'non_sale', 'ok', 'ok', 'unparseable_price', 'ok']);
    expect(transactions(outcomes)[0]).toMatchObject({
      date: '2025-01-12',
      place: { district: 'Business Bay' },
      propertyType: 'apartment',
      priceSar: 1_684_819.61,
      areaSqm: 78.4,
    });
  });

  it('should fall back to ACTUAL_AREA when PROCEDURE_AREA is empty', () => {
    expect(transactions(outcomes)[1]).toMatchObject({ propertyType: 'villa', areaSqm: 520 });
  });
});

describe('Saudi MoJ sales (Arabic headers)', () => {
  it('should read city and district from المدينة / الحي, separators, both date forms, and count every skip', () => {
    const { format, outcomes } = read('moj-sales.csv');
    expect(format).toBe('moj');
    expect(reasons(outcomes)).toEqual([
      'ok',
      'untyped_residential',
      'unsupported_type',
      'multi_property',
      'ok',
      'ok',
      'ok',
      'unparseable_price',
      'unparseable_date',
      'ok',
      'ok',
      'unparseable_area',
    ]);
    const [malqa, rawdah] = transactions(outcomes);
    expect(malqa).toMatchObject({
      source: 'moj',
      sourceRef: '480123456',
      date: '2024-05-12',
      place: { city: 'الرياض', district: 'الملقا' },
      propertyType: 'commercial',
      priceSar: 3_450_000,
      areaSqm: 1200.5,
    });
    expect(rawdah).toMatchObject({ date: '2023-03-07', place: { city: 'جدة', district: 'الروضة' } });
  });

  it('should use نوع العقار when the file has it', () => {
    const { outcomes } = read('moj-sales-typed.csv');
    expect(reasons(outcomes)).toEqual(['ok', 'ok', 'ok', 'unsupported_type', 'untyped_residential', 'ok']);
    expect(transactions(outcomes).map((t) => t.propertyType)).toEqual(['apartment', 'villa', 'land', 'commercial']);
  });
});

describe('plain CSV', () => {
  const { format, outcomes } = read('plain.csv');

  it('should take names in Arabic or English, numeric ids, and AED converted at the peg', () => {
    expect(format).toBe('plain');
    expect(reasons(outcomes)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      'unsupported_type',
      'unparseable_price',
      'unparseable_date',
    ]);
    const [olaya, yasmin, marina, byId, cityOnly] = transactions(outcomes);
    expect(olaya).toMatchObject({ source: 'csv', sourceRef: 'broker-0001', priceSar: 1_200_000 });
    expect(yasmin).toMatchObject({
      place: { city: 'الرياض', district: 'حي الياسمين' },
      propertyType: 'villa',
      priceSar: 2_900_000,
    });
    expect(marina).toMatchObject({ priceSar: 2_144_315.86 });
    expect(byId).toMatchObject({ place: { cityId: 3, districtId: 10100003145 }, sourceRef: null });
    expect(cityOnly.place).toEqual({ city: 'Riyadh' });
  });

  it('should read semicolon-separated files the same way', () => {
    const text = 'date;city;district;property_type;price;area\n2025-01-15;جدة;الشاطئ;شقة;1 300 000;120\n';
    const { outcomes } = readTransactionsText(text);
    expect(transactions(outcomes)[0]).toMatchObject({ propertyType: 'apartment', priceSar: 1_300_000, areaSqm: 120 });
  });
});
