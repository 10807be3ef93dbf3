import { isPriceChange, priceChangePct } from './price-history';

describe('priceChangePct', () => {
  it('should give a drop as a negative percent with one decimal', () => {
    expect(priceChangePct(1_100_000, 1_200_000)).toBe(-8.3);
    expect(priceChangePct(1_000_000, 1_200_000)).toBe(-16.7);
  });

  it('should give a rise as a positive percent', () => {
    expect(priceChangePct(1_250_000, 1_000_000)).toBe(25);
  });

  it('should be null without a reference price or when the price is the same again', () => {
    expect(priceChangePct(1_000_000, null)).toBeNull();
    expect(priceChangePct(1_000_000, 1_000_000)).toBeNull();
    expect(priceChangePct(1_000_000, 0)).toBeNull();
  });
});

describe('isPriceChange', () => {
  it('should record a first price and a different one, not the same price twice', () => {
    expect(isPriceChange(null, 900_000)).toBe(true);
    expect(isPriceChange(1_000_000, 900_000)).toBe(true);
    expect(isPriceChange(900_000, 900_000)).toBe(false);
  });
});
