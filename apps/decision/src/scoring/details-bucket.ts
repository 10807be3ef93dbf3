import type { DecisionPropertyInput } from '@app/contracts';
import type { MarketBenchmark } from '../benchmarks/market-benchmark';
import { areaAgainstSales, bedroomsForArea, unusualArea } from './area-rules';
import type { BucketResult, RulePoints as Points } from './factor-codes';
import { effectOf, factor } from './factor-codes';
import { toScore } from './piecewise-linear';
import { NEUTRAL_SCORE } from './scoring-formula';

/**
 * details: 50 plus points: the area (area-rules.ts: against the areas sold, bedrooms for the
 * area, usual for the type), then type-specific building rules. A field that was not given adds
 * nothing, so a sparse request is never penalised. Each rule gives its points and the factor
 * saying why.
 */
function bathrooms(property: DecisionPropertyInput): Points | null {
  const { bedrooms, bathrooms: count } = property;
  if (bedrooms === undefined || count === undefined || count * 2 >= bedrooms) return null;
  return { code: 'few_bathrooms', points: -5, values: { bedrooms, bathrooms: count } };
}

function age(property: DecisionPropertyInput): Points | null {
  if (property.age === undefined) return null;
  const values = { age: property.age };
  if (property.age <= 5) return { code: 'new_building', points: 20, values };
  if (property.age <= 15) return { code: 'recent_building', points: 10, values };
  if (property.age > 30) return { code: 'old_building', points: -15, values };
  return null;
}

function parking(property: DecisionPropertyInput): Points | null {
  if (property.parking === undefined) return null;
  return property.parking
    ? { code: 'parking', points: 10, values: {} }
    : { code: 'no_parking', points: -10, values: {} };
}

function furnished(property: DecisionPropertyInput): Points | null {
  return property.furnished ? { code: 'furnished', points: 5, values: {} } : null;
}

/** A flat: mid floors best; ground and very high plain; basement worse. */
function apartmentFloor(floor: number | undefined): Points | null {
  if (floor === undefined) return null;
  if (floor < 0) return { code: 'basement', points: -10, values: { floor } };
  if (floor === 0) return { code: 'ground_floor', points: 0, values: { floor } };
  if (floor >= 25) return { code: 'high_floor', points: 0, values: { floor } };
  return { code: 'mid_floor', points: 5, values: { floor } };
}

/** A shop lives on passing trade: the ground floor is best. */
function commercialFloor(floor: number | undefined): Points | null {
  if (floor === undefined) return null;
  if (floor < 0) return { code: 'basement', points: -15, values: { floor } };
  if (floor === 0) return { code: 'ground_floor', points: 15, values: { floor } };
  return { code: 'upper_floor', points: -10, values: { floor } };
}

function officeFloor(floor: number | undefined): Points | null {
  return floor !== undefined && floor < 0 ? { code: 'basement', points: -10, values: { floor } } : null;
}

function rulesFor(property: DecisionPropertyInput): (Points | null)[] {
  switch (property.type) {
    case 'apartment':
      return [
        bathrooms(property),
        apartmentFloor(property.floor),
        age(property),
        parking(property),
        furnished(property),
      ];
    case 'villa':
      return [bathrooms(property), age(property), parking(property), furnished(property)];
    case 'commercial':
      return [commercialFloor(property.floor), age(property), parking(property)];
    case 'office':
      return [officeFloor(property.floor), age(property), parking(property)];
    case 'land':
      return [];
  }
}

/**
 * Land has no building: its building rules do not apply (`details_not_applicable`), its area does.
 */
export function detailsBucket(property: DecisionPropertyInput, benchmark: MarketBenchmark | null): BucketResult {
  const area = [areaAgainstSales(property.area, benchmark), bedroomsForArea(property), unusualArea(property)];
  const applied = [...area, ...rulesFor(property)].filter((rule): rule is Points => rule !== null);
  const total = applied.reduce((sum, rule) => sum + rule.points, 0);
  const factors = applied.map((rule) =>
    factor(rule.code, 'details', effectOf(rule.points), { ...rule.values, points: rule.points }),
  );
  if (property.type === 'land')
    factors.unshift(factor('details_not_applicable', 'details', 'neutral', { type: 'land' }));
  return { score: toScore(NEUTRAL_SCORE + total), factors };
}
