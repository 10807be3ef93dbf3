import { decodeZatcaQr, zatcaQr } from './zatca-qr';
import { formatAmount, isVatNumber, splitVat } from './vat';

describe('zatcaQr', () => {
  it('should encode the five phase-1 fields as base64 TLV that decodes back, Arabic seller name included', () => {
    const qr = zatcaQr({
      sellerName: 'شركة منصة القرار العقاري',
      vatNumber: '310122393500003',
      timestamp: '2026-11-27T15:19:42Z',
      total: '179.00',
      vat: '23.35',
    });
    expect(qr).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeZatcaQr(qr)).toEqual({
      1: 'شركة منصة القرار العقاري',
      2: '310122393500003',
      3: '2026-11-27T15:19:42Z',
      4: '179.00',
      5: '23.35',
    });
    // Tag 1's length is in bytes: 24 Arabic letters and spaces are 44 bytes of UTF-8.
    const bytes = Buffer.from(qr, 'base64');
    expect([bytes[0], bytes[1]]).toEqual([1, Buffer.byteLength('شركة منصة القرار العقاري')]);
  });

  it('should match the TLV bytes ZATCA documents for a field', () => {
    const bytes = Buffer.from(
      zatcaQr({
        sellerName: 'Bobs Records',
        vatNumber: '310122393500003',
        timestamp: '2022-04-25T15:30:00Z',
        total: '1000.00',
        vat: '150.00',
      }),
      'base64',
    );
    expect(bytes.subarray(0, 14)).toEqual(Buffer.from([1, 12, ...Buffer.from('Bobs Records')]));
  });
});

describe('VAT', () => {
  it('should split a VAT-inclusive total so that net + VAT is the total', () => {
    expect(splitVat(17900, 15)).toEqual({ net: 15565, vat: 2335 });
    expect(splitVat(17900, 5)).toEqual({ net: 17048, vat: 852 });
    expect(splitVat(0, 15)).toEqual({ net: 0, vat: 0 });
  });

  it('should format minor units as the invoice shows them', () => {
    expect([formatAmount(17900), formatAmount(5), formatAmount(-2335)]).toEqual(['179.00', '0.05', '-23.35']);
  });

  it('should accept Saudi and UAE VAT numbers in their own shapes only', () => {
    expect(isVatNumber('SA', '310122393500003')).toBe(true);
    expect(isVatNumber('SA', '100122393500003')).toBe(false);
    expect(isVatNumber('AE', '100122393500003')).toBe(true);
    expect(isVatNumber('AE', '10012239350000')).toBe(false);
  });
});
