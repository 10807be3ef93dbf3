import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { BILLING_INVOICE_ISSUED, pageFrom, pageOf } from '@app/contracts';
import type {
  BillingProfileRequest,
  InvoiceIssuedPayload,
  BillingProfileResponse,
  InvoicePdfRequest,
  InvoicePdfResponse,
  InvoicesPageResponse,
  InvoicesRequest,
  SetBillingProfileRequest,
} from '@app/contracts';
import { AppConfig, InjectConfig } from '@app/config';
import { AppError } from '@app/errors';
import { Outbox } from '@app/messaging';
import { isUUID } from '@app/validation';
import { billingConfig } from '../config/billing.env';
import type { PurchaseRow } from '../payments/purchases.repository';
import type * as InvoicePdf from './invoice-pdf';
import { toInvoiceResponse } from './invoices.dto';
import { InvoicesRepository } from './invoices.repository';
import type { InvoiceLine, InvoiceRow, ProfileRow } from './invoices.repository';
import { formatAmount, isVatNumber, splitVat } from './vat';
import { zatcaQr } from './zatca-qr';

/**
 * Tax invoices: one for every paid purchase (a `manual` one marked demo), a credit note for
 * every refund, both written in the transaction that moves the money, numbered gap-free per
 * issuing entity (the seller's registration in the buyer's country) and kind.
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly outbox: Outbox,
    @InjectConfig(billingConfig) private readonly config: AppConfig<typeof billingConfig>,
  ) {}

  async issueFor(tx: EntityManager, purchase: PurchaseRow, at: Date): Promise<InvoiceRow> {
    const profile = await this.invoices.profile(purchase.workspace_id, tx);
    return this.write(tx, {
      kind: 'invoice',
      purchase,
      profile,
      total: purchase.amount,
      at,
      creditsInvoiceId: null,
    });
  }

  /** A credit note for `refunded` (minor units) of the purchase's invoice; none when nothing is refunded. */
  async creditNoteFor(tx: EntityManager, purchase: PurchaseRow, refunded: number, at: Date): Promise<void> {
    const invoice = await this.invoices.findOfPurchase(tx, purchase.id, 'invoice');
    if (!invoice || refunded <= 0) return;
    const profile: ProfileRow = {
      workspace_id: invoice.workspace_id,
      legal_name: invoice.buyer_name,
      vat_number: invoice.buyer_vat_number,
      country: invoice.country,
    };
    await this.write(tx, {
      kind: 'credit_note',
      purchase,
      profile,
      total: -refunded,
      at,
      creditsInvoiceId: invoice.id,
    });
  }

  async page(req: InvoicesRequest): Promise<InvoicesPageResponse> {
    const paging = pageOf(req);
    return pageFrom(await this.invoices.page(req.workspace_id, paging.limit, paging.offset), paging, toInvoiceResponse);
  }

  async pdf(req: InvoicePdfRequest): Promise<InvoicePdfResponse> {
    const invoice = isUUID(req.invoice_id) ? await this.invoices.find(req.workspace_id, req.invoice_id) : null;
    if (!invoice) throw new AppError('not_found', 'There is no such invoice in your workspace.');
    // pdfkit, its fonts and qrcode load on the first PDF asked for, not at start: idle memory.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { renderInvoicePdf } = require('./invoice-pdf') as typeof InvoicePdf;
    const pdf = await renderInvoicePdf(invoice);
    return { filename: `${invoice.number}.pdf`, pdf_base64: pdf.toString('base64') };
  }

  async profile(req: BillingProfileRequest): Promise<BillingProfileResponse> {
    return toProfileResponse(await this.invoices.profile(req.workspace_id));
  }

  async setProfile(req: SetBillingProfileRequest): Promise<BillingProfileResponse> {
    const current = await this.invoices.profile(req.workspace_id);
    const next: ProfileRow = {
      workspace_id: req.workspace_id,
      legal_name: req.legal_name === undefined ? current.legal_name : req.legal_name?.trim() || null,
      vat_number: req.vat_number === undefined ? current.vat_number : req.vat_number?.trim() || null,
      country: req.country ?? current.country,
    };
    if (next.vat_number && !isVatNumber(next.country, next.vat_number)) {
      throw new AppError(
        'validation_error',
        next.country === 'SA'
          ? 'A Saudi VAT number is 15 digits starting and ending with 3.'
          : 'A UAE tax registration number is 15 digits.',
        { field: 'vat_number' },
      );
    }
    return toProfileResponse(await this.invoices.saveProfile(next));
  }

  private async write(
    tx: EntityManager,
    doc: {
      kind: InvoiceRow['kind'];
      purchase: PurchaseRow;
      profile: ProfileRow;
      total: number;
      at: Date;
      creditsInvoiceId: string | null;
    },
  ): Promise<InvoiceRow> {
    const { country } = doc.profile;
    const rate = country === 'SA' ? this.config.VAT_RATE_SA : this.config.VAT_RATE_AE;
    const sign = Math.sign(doc.total) || 1;
    const split = splitVat(Math.abs(doc.total), rate);
    const [net, vat] = [sign * split.net, sign * split.vat];
    const series = `${country}-${doc.kind === 'invoice' ? 'INV' : 'CN'}`;
    const sequence = await this.invoices.nextNumber(tx, series);
    const sellerVat = country === 'SA' ? this.config.SELLER_VAT_NUMBER_SA : this.config.SELLER_VAT_NUMBER_AE;
    const issuedAt = new Date(Math.floor(doc.at.getTime() / 1000) * 1000);
    const invoice = await this.invoices.insert(tx, {
      id: randomUUID(),
      workspace_id: doc.purchase.workspace_id,
      purchase_id: doc.purchase.id,
      kind: doc.kind,
      series,
      sequence,
      number: `${series}-${String(sequence).padStart(6, '0')}`,
      issued_at: issuedAt,
      country,
      currency: doc.purchase.currency,
      seller_name: this.config.SELLER_NAME,
      seller_name_ar: this.config.SELLER_NAME_AR,
      seller_vat_number: sellerVat,
      buyer_name: doc.profile.legal_name,
      buyer_vat_number: doc.profile.vat_number,
      lines: [lineOf(doc.purchase, net, vat, doc.total)],
      net,
      vat_rate: rate,
      vat,
      total: doc.total,
      zatca_qr:
        country === 'SA'
          ? zatcaQr({
              sellerName: this.config.SELLER_NAME,
              vatNumber: sellerVat,
              timestamp: issuedAt.toISOString().replace('.000Z', 'Z'),
              total: formatAmount(doc.total),
              vat: formatAmount(vat),
            })
          : null,
      demo: doc.purchase.provider === 'manual',
      credits_invoice_id: doc.creditsInvoiceId,
    });
    await this.outbox.add<InvoiceIssuedPayload>(tx, BILLING_INVOICE_ISSUED, {
      workspace_id: invoice.workspace_id,
      invoice_id: invoice.id,
      purchase_id: invoice.purchase_id,
      kind: invoice.kind,
      number: invoice.number,
      issued_at: issuedAt.toISOString(),
      currency: invoice.currency,
      total: formatAmount(invoice.total),
      demo: invoice.demo,
    });
    return invoice;
  }
}

function lineOf(purchase: PurchaseRow, net: number, vat: number, total: number): InvoiceLine {
  return purchase.product === 'decision_pack'
    ? {
        description: `Decision pack of ${purchase.quantity}`,
        description_ar: 'باقة قرارات',
        quantity: 1,
        net,
        vat,
        total,
      }
    : {
        description: 'Lead credits',
        description_ar: 'رصيد العملاء المحتملين',
        quantity: purchase.quantity,
        net,
        vat,
        total,
      };
}

function toProfileResponse(profile: ProfileRow): BillingProfileResponse {
  return {
    object: 'billing_profile',
    legal_name: profile.legal_name,
    vat_number: profile.vat_number,
    country: profile.country,
  };
}
