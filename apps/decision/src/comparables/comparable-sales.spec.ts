import { areaBand, chooseComparables } from './comparable-sales';
import type { ComparableRow } from './comparable-sales';

const OLAYA = '10100003075';
const row = (
  pool: 'district' | 'city',
  date: string,
  area: string,
  price: string,
  district = OLAYA,
): ComparableRow => ({
  pool,
  date,
  area_sqm: area,
  price_sar: price,
  source: 'moj',
  district_id: district,
});

describe('areaBand', () => {
  it('should allow 25% either way, inside two decimals', () => {
    expect(areaBand(150)).toEqual({ min: 112.5, max: 187.5 });
    expect(areaBand(101.01)).toEqual({ min: 75.76, max: 126.26 }); // 75.7575 up, 126.2625 down
  });
});

describe('chooseComparables', () => {
  it('should cite the district alone when it has at least 3, newest first, at most 5, as numbers', () => {
    const district = ['2025-03-01', '2025-11-30', '2025-06-15', '2025-01-02', '2025-09-09', '2025-12-01'].map((date) =>
      row('district', date, '150.50', '1204000.00'),
    );
    const city = [row('city', '2025-12-31', '140', '900000', '10100003099')];
    const chosen = chooseComparables([...district, ...city]);
    expect(chosen.scope).toBe('district');
    expect(chosen.sales.map((sale) => sale.date)).toEqual([
      '2025-12-01',
      '2025-11-30',
      '2025-09-09',
      '2025-06-15',
      '2025-03-01',
    ]);
    expect(chosen.sales[0]).toEqual({
      date: '2025-12-01',
      area_sqm: 150.5,
      price_sar: 1_204_000,
      price_per_sqm: 8000,
      source: 'moj',
      district_id: 10100003075,
    });
  });

  it('should cite the city when the district has fewer than 3, keeping sales with no district', () => {
    const chosen = chooseComparables(
      [
        row('district', '2025-05-01', '150', '900000'),
        row('district', '2025-04-01', '150', '900000'),
        row('city', '2025-07-01', '160', '960000', '10100003099'),
        row('city', '2025-05-01', '150', '900000'),
        row('city', '2025-04-01', '150', '900000'),
      ].concat([{ ...row('city', '2025-08-01', '130', '650000'), district_id: null }]),
    );
    expect(chosen.scope).toBe('city');
    expect(chosen.sales.map((sale) => [sale.date, sale.district_id, sale.price_per_sqm])).toEqual([
      ['2025-08-01', null, 5000],
      ['2025-07-01', 10100003099, 6000],
      ['2025-05-01', 10100003075, 6000],
      ['2025-04-01', 10100003075, 6000],
    ]);
  });

  it('should cite nothing when no sale of a comparable area was recorded', () => {
    expect(chooseComparables([])).toEqual({ scope: 'city', sales: [] });
  });
});
