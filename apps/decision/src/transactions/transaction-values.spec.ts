import { parseAmount, parseDate, toSar } from './transaction-values';

describe('parseAmount', () => {
  it.each([
    ['1,250,000', 1250000],
    ['1,200.50', 1200.5],
    [' 3450000 ', 3450000],
    ['١٬٢٥٠٬٠٠٠', 1250000],
    ['٩٢٫٥', 92.5],
  ])('should read %s as %d when written with separators or Arabic digits', (raw, value) => {
    expect(parseAmount(raw)).toBe(value);
  });

  it.each(['', '0', '-5', 'غير متوفر', 'abc', '1.2.3', '12e3'])('should give nothing for %j', (raw) => {
    expect(parseAmount(raw)).toBeUndefined();
  });
});

describe('parseDate', () => {
  it.each([
    ['2024/05/12', '2024-05-12'],
    ['2024-03-14', '2024-03-14'],
    ['2024-03-14 00:00:00', '2024-03-14'],
    ['14-03-2024', '2024-03-14'],
    ['3/7/2023', '2023-03-07'],
    ['12/31/2024', '2024-12-31'],
    ['٢٠٢٤/٠٥/١٢', '2024-05-12'],
  ])('should read %s as %s (MoJ and DLD forms)', (raw, iso) => {
    expect(parseDate(raw)).toBe(iso);
  });

  it.each(['', 'not a date', '31/02/2025', '2025-02-30', '1445/11/04', '13/13/2024'])(
    'should give nothing for %j (impossible day, Hijri year, garbage)',
    (raw) => {
      expect(parseDate(raw)).toBeUndefined();
    },
  );
});

describe('toSar', () => {
  it('should convert AED at the peg 1 USD = 3.75 SAR = 3.6725 AED', () => {
    expect(toSar(3.6725, 'AED')).toBe(3.75);
    expect(toSar(1_000_000, 'AED')).toBe(1_021_102.79);
  });

  it('should keep SAR as it is', () => {
    expect(toSar(950_000, 'SAR')).toBe(950_000);
  });
});
