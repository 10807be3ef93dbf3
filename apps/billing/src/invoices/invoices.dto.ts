import type { InvoiceResponse } from '@app/contracts';
import type { InvoiceRow } from './invoices.repository';
import { formatAmount } from './vat';

export function toInvoiceResponse(row: InvoiceRow): InvoiceResponse {
  return {
    object: 'invoice',
    id: row.id,
    kind: row.kind,
    number: row.number,
    issued_at: new Date(row.issued_at).toISOString(),
    purchase_id: row.purchase_id,
    currency: row.currency,
    net: formatAmount(row.net),
    vat_rate: row.vat_rate / 100,
    vat: formatAmount(row.vat),
    total: formatAmount(row.total),
    zatca_qr: row.zatca_qr,
    demo: row.demo,
  };
}
