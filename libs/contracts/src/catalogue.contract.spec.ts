import { priceInSar } from './catalogue.contract';

describe('priceInSar', () => {
  it('should keep a SAR amount as it is', () => {
    expect(priceInSar(1_234_567.89, 'SAR')).toBe(1_234_567.89);
  });

  it('should convert AED at the peg 3.75 / 3.6725 rounded half up to 2 dp', () => {
    expect(priceInSar(1_000_000, 'AED')).toBe(1_021_102.79);
    expect(priceInSar(3.6725, 'AED')).toBe(3.75);
    expect(priceInSar(100, 'AED')).toBe(102.11);
  });

  it('should stay exact to the hundredth when the AED price is the largest accepted', () => {
    // 100,000,000,000 × 3.75 / 3.6725 = 102,110,279,101.429… (checked with Python's decimal)
    expect(priceInSar(100_000_000_000, 'AED')).toBe(102_110_279_101.43);
    expect(priceInSar(99_999_999_999.99, 'AED')).toBe(102_110_279_101.42);
  });
});
