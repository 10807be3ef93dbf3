import ExcelJS from 'exceljs';
import request from 'supertest';
import { priceInSar } from '@app/contracts';
import type { ListingImportReport, ListingResponse, ListingsPageResponse } from '@app/contracts';
import { createMember } from '../harness/identity-fixtures';
import type { MemberFixture } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const HEADER = [
  'external_ref',
  'property_type',
  'title_en',
  'title_ar',
  'price',
  'currency',
  'city',
  'district',
  'area_sqm',
  'bedrooms',
  'bathrooms',
];

/** Mixed rows: valid ones (English and Arabic place names, AED), and one fault each. */
function mixedRows(prefix: string): (string | number)[][] {
  return [
    [
      `${prefix}-1`,
      'apartment',
      'Bright flat',
      'شقة مشرقة في العليا',
      1_200_000,
      'SAR',
      'Riyadh',
      'Al Olaya',
      150,
      3,
      2,
    ],
    [`${prefix}-2`, 'villa', 'Family villa', 'فيلا عائلية', '٢٬٥٠٠٬٠٠٠', '', 'الرياض', 'العليا', 420, 5, 4],
    [
      `${prefix}-3`,
      'apartment',
      'Marina view',
      'إطلالة على المارينا',
      1_836_250,
      'AED',
      'Dubai',
      'Dubai Marina',
      90,
      1,
      1,
    ],
    [`${prefix}-4`, 'land', 'Plot', 'أرض', 900_000, 'SAR', 'Riyadh', 'Al Olaya', 600, 2, ''],
    [`${prefix}-5`, 'apartment', 'Nowhere', 'لا مكان', 500_000, 'SAR', 'Riyadh', 'Qqqqzzzz', 80, 2, 1],
    [`${prefix}-6`, 'castle', 'Castle', 'قلعة', 'lots', 'SAR', 'Riyadh', 'Al Olaya', 100, 1, 1],
    ['', 'office', 'Office without ref', 'مكتب بلا مرجع', 300_000, 'SAR', 'Riyadh', 'Al Olaya', 120, '', ''],
  ];
}

function csvOf(rows: (string | number)[][]): Buffer {
  const cell = (value: string | number) => (/[",\n]/.test(String(value)) ? `"${String(value)}"` : String(value));
  return Buffer.from([HEADER, ...rows].map((row) => row.map(cell).join(',')).join('\n') + '\n');
}

async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Listings');
  sheet.addRow(HEADER);
  sheet.addRow([]); // a blank row is skipped, and row numbers stay those of the sheet
  for (const row of rows) sheet.addRow(row.map((value) => (value === '' ? null : value)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describeE2e('listing import', () => {
  let platform: Platform;
  let agent: MemberFixture;
  let other: MemberFixture;

  beforeAll(async () => {
    platform = await sharedPlatform();
    agent = await createMember(platform, { role: 'agent' });
    other = await createMember(platform, { role: 'owner' });
  });

  afterAll(async () => {
    await platform?.close();
  });

  const upload = (token: string | null, file: Buffer, filename: string) => {
    const req = request(platform.baseUrl).post('/v1/listings/import');
    if (token) void req.set('authorization', `Bearer ${token}`);
    return req.attach('file', file, filename);
  };

  const listingsOf = async (member: MemberFixture): Promise<ListingResponse[]> =>
    (
      (
        await request(platform.baseUrl)
          .get('/v1/listings?limit=100')
          .set('authorization', `Bearer ${member.token}`)
          .expect(200)
      ).body as ListingsPageResponse
    ).data;

  /** The mixed file's expected outcome, rows numbered from `first` (the first data row). */
  function expectMixedReport(report: ListingImportReport, first: number, status: 'created' | 'updated'): void {
    expect(report).toMatchObject({ object: 'listing_import', rows: 7, failed: 3 });
    const byRow = (n: number) => report.results.find((r) => r.row === first + n)!;
    expect(report.results.map((r) => r.row)).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => first + n));
    for (const n of [0, 1, 2]) expect(byRow(n)).toMatchObject({ status, errors: [] });
    expect(byRow(3)).toMatchObject({ status: 'failed', listing_id: null, errors: [{ field: 'bedrooms' }] });
    expect(byRow(4)).toMatchObject({
      status: 'failed',
      errors: [{ field: 'district', error: 'validation_error' }],
    });
    expect(
      byRow(5)
        .errors.map((e) => e.field)
        .sort(),
    ).toEqual(['price', 'property_type']);
    expect(byRow(5).errors.every((e) => e.error === 'validation_error')).toBe(true);
    expect(byRow(6)).toMatchObject({ status: 'created', external_ref: null });
  }

  it('should create the valid rows of a CSV as drafts, report the others by row and column, and keep Arabic exactly', async () => {
    const res = await upload(agent.token, csvOf(mixedRows('CSV')), 'listings.csv').expect(200);
    const report = res.body as ListingImportReport;
    expect(report).toMatchObject({ format: 'csv', created: 4, updated: 0 });
    expectMixedReport(report, 2, 'created');

    const listings = await listingsOf(agent);
    const byRef = (ref: string) => listings.find((l) => l.external_ref === ref)!;
    expect(byRef('CSV-1')).toMatchObject({ status: 'draft', title_ar: 'شقة مشرقة في العليا', city_ar: 'الرياض' });
    expect(byRef('CSV-2')).toMatchObject({
      price: 2_500_000,
      currency: 'SAR',
      city_en: 'Riyadh',
      district_ar: 'حي العليا',
    });
    expect(byRef('CSV-3')).toMatchObject({
      price: 1_836_250,
      currency: 'AED',
      price_sar: priceInSar(1_836_250, 'AED'),
      country_code: 'AE',
    });
    expect(listings.some((l) => l.external_ref === 'CSV-4' || l.external_ref === 'CSV-5')).toBe(false);
    expect(listings.filter((l) => l.title_ar === 'مكتب بلا مرجع')).toHaveLength(1);
  });

  it('should update, never duplicate, the listings a re-imported file names, and create the rows without a reference again', async () => {
    const before = await listingsOf(agent);
    const rows = mixedRows('CSV');
    rows[0][3] = 'شقة مشرقة بعد التجديد';
    rows[0][4] = 1_150_000;
    const report = (await upload(agent.token, csvOf(rows), 'again.csv').expect(200)).body as ListingImportReport;
    expect(report).toMatchObject({ created: 1, updated: 3, failed: 3 });
    const after = await listingsOf(agent);
    expect(after).toHaveLength(before.length + 1); // only the row without external_ref
    const first = after.filter((l) => l.external_ref === 'CSV-1');
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      id: before.find((l) => l.external_ref === 'CSV-1')!.id,
      title_ar: 'شقة مشرقة بعد التجديد',
      price: 1_150_000,
      price_sar: 1_150_000,
    });
  });

  it('should create each reference once when two imports of the same rows race, in the same or the opposite order', async () => {
    const racer = await createMember(platform, { role: 'owner' });
    const rows = mixedRows('RACE').slice(0, 4); // three valid rows and land with bedrooms
    const [forward, backward] = await Promise.all([
      upload(racer.token, csvOf(rows), 'forward.csv').expect(200),
      upload(racer.token, csvOf([...rows].reverse()), 'backward.csv').expect(200),
    ]);
    const reports = [forward.body as ListingImportReport, backward.body as ListingImportReport];
    for (const report of reports) expect(report).toMatchObject({ rows: 4, failed: 1 });
    expect(reports[0].created + reports[1].created).toBe(3);
    expect(reports[0].updated + reports[1].updated).toBe(3);
    const listings = await listingsOf(racer);
    expect(listings.map((l) => l.external_ref).sort()).toEqual(['RACE-1', 'RACE-2', 'RACE-3']);
  });

  it('should import an XLSX the same way, numbering rows as the sheet does', async () => {
    const res = await upload(agent.token, await xlsxOf(mixedRows('XL')), 'listings.xlsx').expect(200);
    const report = res.body as ListingImportReport;
    expect(report).toMatchObject({ format: 'xlsx', created: 4 });
    expectMixedReport(report, 3, 'created');
    const again = (await upload(agent.token, await xlsxOf(mixedRows('XL')), 'listings.xlsx').expect(200))
      .body as ListingImportReport;
    expect(again).toMatchObject({ created: 1, updated: 3 });
    const listings = await listingsOf(agent);
    expect(listings.filter((l) => l.external_ref === 'XL-2')).toHaveLength(1);
    expect(listings.find((l) => l.external_ref === 'XL-2')).toMatchObject({
      title_ar: 'فيلا عائلية',
      city_ar: 'الرياض',
    });
  });

  it("should leave another workspace's listings alone: the same references there are its own", async () => {
    const report = (await upload(other.token, csvOf(mixedRows('CSV')), 'mine.csv').expect(200))
      .body as ListingImportReport;
    expect(report).toMatchObject({ created: 4, updated: 0 });
    const mine = await listingsOf(other);
    expect(mine).toHaveLength(4);
    const agents = await listingsOf(agent);
    expect(mine.every((l) => !agents.some((a) => a.id === l.id))).toBe(true);
    expect(agents.find((l) => l.external_ref === 'CSV-1')!.title_ar).toBe('شقة مشرقة بعد التجديد');
  });

  describe('refusing a whole file (nothing created)', () => {
    let count: number;
    beforeAll(async () => {
      count = (await listingsOf(agent)).length;
    });
    afterEach(async () => {
      expect(await listingsOf(agent)).toHaveLength(count);
    });

    it('should answer 422 on file when a column is unknown', async () => {
      const file = Buffer.from('property_type,title_en,colour\napartment,Flat,blue\n');
      const res = await upload(agent.token, file, 'bad.csv').expect(422);
      expect(res.body).toMatchObject({
        error: 'validation_error',
        field: 'file',
        details: { unknown_columns: ['colour'] },
      });
    });

    it('should answer 422 on file when property_type is not a column', async () => {
      const res = await upload(agent.token, Buffer.from('title_en,price\nFlat,100\n'), 'bad.csv').expect(422);
      expect(res.body).toMatchObject({ field: 'file', details: { missing_columns: ['property_type'] } });
    });

    it('should answer 422 on file when the file is neither CSV nor XLSX', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
      const res = await upload(agent.token, png, 'listings.csv').expect(422);
      expect(res.body).toMatchObject({ error: 'validation_error', field: 'file' });
      await upload(agent.token, Buffer.from('PK\x03\x04not really a zip', 'latin1'), 'x.xlsx').expect(422);
    });

    it('should answer 413 with max_rows when the file holds more than 5,000 rows', async () => {
      const rows = Array.from({ length: 5001 }, (_, i) => `apartment,Flat ${i}`);
      const file = Buffer.from(['property_type,title_en', ...rows].join('\n'));
      const res = await upload(agent.token, file, 'big.csv').expect(413);
      expect(res.body).toMatchObject({ error: 'payload_too_large', field: 'file', details: { max_rows: 5000 } });
    });

    it('should answer 415 to a JSON body and 401 without a credential', async () => {
      await request(platform.baseUrl)
        .post('/v1/listings/import')
        .set('authorization', `Bearer ${agent.token}`)
        .send({ file: 'x' })
        .expect(415);
      await upload(null, csvOf(mixedRows('ANON')), 'x.csv').expect(401);
    });
  });

  it('should serve a template whose header and example rows import cleanly', async () => {
    const res = await request(platform.baseUrl)
      .get('/v1/listings/import/template.csv')
      .set('authorization', `Bearer ${agent.token}`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const template = res.body as Buffer;
    expect(template.toString('utf8')).toContain('external_ref,property_type,title_en,title_ar');
    const fresh = await createMember(platform, { role: 'owner' });
    const report = (await upload(fresh.token, template, 'template.csv').expect(200)).body as ListingImportReport;
    expect(report).toMatchObject({ rows: 2, created: 2, failed: 0 });
  });
});
