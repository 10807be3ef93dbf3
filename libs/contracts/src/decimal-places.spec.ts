import { validateSync } from 'class-validator';
import { MaxDecimalPlaces } from './decimal-places';

class Priced {
  @MaxDecimalPlaces(2)
  price: unknown;
}

function accepts(price: unknown): boolean {
  return validateSync(Object.assign(new Priced(), { price })).length === 0;
}

describe('MaxDecimalPlaces', () => {
  it('should accept whole numbers and up to two decimals when given them', () => {
    expect([0, 1, 150, 1_200_000, 99.5, 0.01, 1234.56].every(accepts)).toBe(true);
  });

  it('should refuse three decimals and non-numbers when given them', () => {
    expect([0.001, 1.234, '1.5', NaN, Infinity, null].some(accepts)).toBe(false);
  });

  it('should judge exponent forms without throwing when a client sends them', () => {
    expect(accepts(-6e-323)).toBe(true); // no visible decimals at two places; IsPositive refuses it elsewhere
    expect(accepts(1e21)).toBe(true);
    expect(accepts(1.5e-7)).toBe(false);
  });
});
