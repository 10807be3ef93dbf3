import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InvoiceRow } from '../../apps/billing/src/invoices/invoices.repository';
import { zatcaQr } from '../../apps/billing/src/invoices/zatca-qr';

const RENDER = path.join(__dirname, 'render-pdf-page.mjs');

/** A Saudi simplified tax invoice to an Arabic-named buyer (the one pictured in docs/billing.md). */
export const SAMPLE_INVOICE: InvoiceRow = {
  id: '6f0c1c7e-4a55-4d55-9a0e-3f1b2a9c0d11',
  workspace_id: '0b6f8a64-1f7e-4d0e-8f57-2a1b3c4d5e6f',
  purchase_id: '9e2d4f1a-3b5c-4d6e-8f70-1a2b3c4d5e6f',
  kind: 'invoice',
  series: 'SA-INV',
  sequence: 1,
  number: 'SA-INV-000001',
  issued_at: new Date('2026-11-27T15:19:42Z'),
  country: 'SA',
  currency: 'SAR',
  seller_name: 'Property Decision Platform',
  seller_name_ar: 'منصة القرار العقاري',
  seller_vat_number: '300000000000003',
  buyer_name: 'شركة الأفق العقارية',
  buyer_vat_number: null,
  lines: [
    {
      description: 'Decision pack of 20',
      description_ar: 'باقة قرارات',
      quantity: 1,
      net: 15565,
      vat: 2335,
      total: 17900,
    },
  ],
  net: 15565,
  vat_rate: 15,
  vat: 2335,
  total: 17900,
  zatca_qr: zatcaQr({
    sellerName: 'Property Decision Platform',
    vatNumber: '300000000000003',
    timestamp: '2026-11-27T15:19:42Z',
    total: '179.00',
    vat: '23.35',
  }),
  demo: false,
  credits_invoice_id: null,
};

/** Renders page 1 to PNG in another Node process (pdf.js is an ES module) and measures its ink. */
export function renderFirstPage(pdf: Buffer, png: string): { inked: number; inkedRight: number } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-')), 'invoice.pdf');
  fs.writeFileSync(file, pdf);
  return JSON.parse(execFileSync(process.execPath, [RENDER, file, png], { encoding: 'utf8' })) as {
    inked: number;
    inkedRight: number;
  };
}
