import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderFirstPage, SAMPLE_INVOICE } from '../../../../test/harness/invoice-pdf';
import { renderInvoicePdf } from './invoice-pdf';

describe('renderInvoicePdf', () => {
  it('should draw a bilingual page with ink on both the English and the Arabic side', async () => {
    const pdf = await renderInvoicePdf(SAMPLE_INVOICE);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const png = path.join(os.tmpdir(), `invoice-${process.pid}.png`);
    const ink = renderFirstPage(pdf, png);
    expect(fs.statSync(png).size).toBeGreaterThan(10_000);
    // Not blank: text, table and QR code; the right half carries the Arabic labels.
    expect(ink.inked).toBeGreaterThan(0.01);
    expect(ink.inkedRight).toBeGreaterThan(0.003);
    if (process.env.INVOICE_PNG) fs.copyFileSync(png, process.env.INVOICE_PNG);
  }, 30_000);
});
