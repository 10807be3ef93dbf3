import type { InvoiceResponse, InvoicesPageResponse } from '@app/contracts';
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

export function toInvoicesPage(rows: InvoiceRow[], limit: number, offset: number): InvoicesPageResponse {
  return {
    object: 'list',
    data: rows.slice(0, limit).map(toInvoiceResponse),
    limit,
    offset,
    has_more: rows.length > limit,
  };
}
