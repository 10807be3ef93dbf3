import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { decodeZatcaQr } from '../../apps/billing/src/invoices/zatca-qr';
import { renderFirstPage } from '../harness/invoice-pdf';
import { withClient } from '../harness/databases';
import { createMember, createWorkspace } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Invoice {
  id: string;
  kind: string;
  number: string;
  issued_at: string;
  currency: string;
  net: string;
  vat_rate: number;
  vat: string;
  total: string;
  zatca_qr: string | null;
  demo: boolean;
  purchase_id: string;
}

describeE2e('invoices', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await sharedPlatform();
  });

  afterAll(() => platform?.close());

  const api = () => request(platform.baseUrl);
  const invoicesOf = async (token: string) =>
    (await api().get('/v1/workspace/invoices').set(bearer(token)).expect(200)).body.data as Invoice[];
  const buyPack = (token: string, size: number) =>
    api().post('/v1/workspace/decision-packs').set(bearer(token)).send({ size }).expect(201);

  it('should let the owner set an Arabic legal name and a VAT number, refuse a bad one and an agent', async () => {
    const workspace = await createWorkspace(platform);
    const owner = await createMember(platform, { workspaceId: workspace.id, role: 'owner' });
    const agent = await createMember(platform, { workspaceId: workspace.id, role: 'agent' });
    await api()
      .get('/v1/workspace/billing-profile')
      .set(bearer(owner.token))
      .expect(200, { object: 'billing_profile', legal_name: null, vat_number: null, country: 'SA' });
    const set = await api()
      .patch('/v1/workspace/billing-profile')
      .set(bearer(owner.token))
      .send({ legal_name: 'شركة الأفق العقارية', vat_number: '310122393500003' })
      .expect(200);
    expect(set.body).toEqual({
      object: 'billing_profile',
      legal_name: 'شركة الأفق العقارية',
      vat_number: '310122393500003',
      country: 'SA',
    });
    const bad = await api()
      .patch('/v1/workspace/billing-profile')
      .set(bearer(owner.token))
      .send({ vat_number: '123' })
      .expect(422);
    expect(bad.body).toMatchObject({ error: 'validation_error', field: 'vat_number' });
    await api().patch('/v1/workspace/billing-profile').set(bearer(agent.token)).send({ country: 'AE' }).expect(403);
    await api().get('/v1/workspace/invoices').set(bearer(agent.token)).expect(403);
  });

  it('should issue a Saudi invoice with 15% VAT and a ZATCA QR that decodes, marked demo when bought through manual', async () => {
    const owner = await createMember(platform, { role: 'owner' });
    await api()
      .patch('/v1/workspace/billing-profile')
      .set(bearer(owner.token))
      .send({ legal_name: 'شركة الأفق العقارية' })
      .expect(200);
    const bought = await buyPack(owner.token, 20);
    const [invoice] = await invoicesOf(owner.token);
    expect(invoice).toMatchObject({
      object: 'invoice',
      kind: 'invoice',
      number: expect.stringMatching(/^SA-INV-\d{6}$/),
      purchase_id: bought.body.id,
      currency: 'SAR',
      net: '155.65',
      vat_rate: 0.15,
      vat: '23.35',
      total: '179.00',
      demo: true,
    });
    const qr = decodeZatcaQr(invoice.zatca_qr!);
    expect(qr).toMatchObject({ 1: 'Property Decision Platform', 2: '300000000000003', 4: '179.00', 5: '23.35' });
    expect(Date.parse(qr[3])).toBe(Date.parse(invoice.issued_at));
  });

  it('should serve the invoice as a bilingual PDF a person can read, and 404 another workspace', async () => {
    const owner = await createMember(platform, { role: 'owner' });
    const other = await createMember(platform, { role: 'owner' });
    await buyPack(owner.token, 5);
    const [invoice] = await invoicesOf(owner.token);
    const pdf = await api()
      .get(`/v1/workspace/invoices/${invoice.id}.pdf`)
      .set(bearer(owner.token))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${invoice.number}.pdf`);
    const body = pdf.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const png = path.join(os.tmpdir(), `invoice-e2e-${process.pid}.png`);
    const ink = renderFirstPage(body, png);
    expect(ink.inked).toBeGreaterThan(0.01);
    expect(ink.inkedRight).toBeGreaterThan(0.003);
    fs.rmSync(png, { force: true });
    await api().get(`/v1/workspace/invoices/${invoice.id}.pdf`).set(bearer(other.token)).expect(404);
    await api().get('/v1/workspace/invoices/not-an-id.pdf').set(bearer(owner.token)).expect(404);
  });

  it('should invoice a UAE workspace at 5% without a ZATCA QR, from its own numbering', async () => {
    const owner = await createMember(platform, { role: 'owner' });
    await api()
      .patch('/v1/workspace/billing-profile')
      .set(bearer(owner.token))
      .send({ country: 'AE', vat_number: '100234567890003' })
      .expect(200);
    await buyPack(owner.token, 20);
    const [invoice] = await invoicesOf(owner.token);
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/^AE-INV-\d{6}$/),
      vat_rate: 0.05,
      net: '170.48',
      vat: '8.52',
      total: '179.00',
      zatca_qr: null,
    });
  });

  it('should issue a credit note for a refund, with the refunded amount negative', async () => {
    const owner = await createMember(platform, { role: 'owner' });
    const bought = await buyPack(owner.token, 20);
    await api().post(`/v1/workspace/decision-packs/${bought.body.id}/refund`).set(bearer(owner.token)).expect(200);
    const documents = await invoicesOf(owner.token);
    const invoice = documents.find((d) => d.kind === 'invoice');
    const creditNote = documents.find((d) => d.kind === 'credit_note');
    expect(invoice).toMatchObject({ kind: 'invoice', total: '179.00' });
    expect(creditNote).toMatchObject({
      kind: 'credit_note',
      number: expect.stringMatching(/^SA-CN-\d{6}$/),
      purchase_id: bought.body.id,
      net: '-155.65',
      vat: '-23.35',
      total: '-179.00',
    });
  });

  it('should number invoices without a gap when purchases race', async () => {
    const owners = await Promise.all(Array.from({ length: 4 }, () => createMember(platform, { role: 'owner' })));
    await Promise.all(owners.flatMap((owner) => [buyPack(owner.token, 5), buyPack(owner.token, 5)]));
    const numbers = (await Promise.all(owners.map((owner) => invoicesOf(owner.token)))).flat().map((i) => i.number);
    expect(new Set(numbers).size).toBe(8);
    // Every number of the series, whoever bought (other files share the platform), 1 to n.
    const series = await withClient(
      platform.databaseUrl,
      async (client) =>
        (
          await client.query<{ series: string; n: number; last: number }>(
            `SELECT series, count(*)::int AS n, max(sequence) AS last FROM billing.invoices GROUP BY series`,
          )
        ).rows,
    );
    for (const row of series) expect(row.last).toBe(row.n);
  });
});
