import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatOf, sniffDelimiter } from './import-sheet';

describe('formatOf', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'import-sheet-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const file = (name: string, bytes: Buffer) => {
    const at = path.join(folder, name);
    writeFileSync(at, bytes);
    return at;
  };

  it('should take Arabic CSV longer than the sample as CSV, whichever byte the sample ends on', async () => {
    for (const pad of [0, 1]) {
      const text = 'property_type,title_ar\n' + 'x'.repeat(pad) + 'apartment,شقة مشرقة\n'.repeat(5000);
      await expect(formatOf(file(`a${pad}.csv`, Buffer.from(text)))).resolves.toEqual({
        format: 'csv',
        delimiter: ',',
      });
    }
  });

  it('should answer 422 on file for bytes that are not UTF-8 text nor a zip', async () => {
    await expect(formatOf(file('x.csv', Buffer.from([0xff, 0xfe, 0x00, 0x41])))).rejects.toMatchObject({
      error: 'validation_error',
      extras: { field: 'file' },
    });
  });

  it('should call a zip XLSX', async () => {
    await expect(formatOf(file('x.xlsx', Buffer.from('PK\x03\x04rest', 'latin1')))).resolves.toMatchObject({
      format: 'xlsx',
    });
  });
});

describe('sniffDelimiter', () => {
  it.each([
    ['a,b,c', ','],
    ['a;b;c', ';'],
    ['a\tb\tc', '\t'],
  ])('should read %j as separated by %j', (line, delimiter) => {
    expect(sniffDelimiter(line)).toBe(delimiter);
  });
});
