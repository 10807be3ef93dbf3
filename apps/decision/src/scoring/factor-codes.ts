import { DECISION_FACTOR_CODES } from '@app/contracts';
import type { DecisionBreakdown, DecisionFactorCode } from '@app/contracts';
import type { ScoringFactor } from './scoring.types';

/**
 * Every code a scoring factor can carry, with what it means (the contract's list, so the
 * OpenAPI document names them too). Stable: clients read them in the response's `factors`, the
 * reasoning providers turn them into sentences. `values` always holds the numbers named in brackets.
 */
export const FACTOR_CODES = DECISION_FACTOR_CODES;

export type FactorCode = DecisionFactorCode;

export function factor(
  code: FactorCode,
  bucket: keyof DecisionBreakdown,
  effect: ScoringFactor['effect'],
  values: ScoringFactor['values'] = {},
): ScoringFactor {
  return { code, bucket, effect, values };
}

/** The effect of a number of points added to a bucket. */
export function effectOf(points: number): ScoringFactor['effect'] {
  if (points > 0) return 'positive';
  if (points < 0) return 'negative';
  return 'neutral';
}

/** One rule that applies: its points and the factor code and values saying why. */
export interface RulePoints {
  code: FactorCode;
  points: number;
  values: Record<string, number>;
}

/** One bucket's sub-score and the facts behind it. */
export interface BucketResult {
  score: number;
  factors: ScoringFactor[];
}
