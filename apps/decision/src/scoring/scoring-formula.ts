import type { DecisionBreakdown, ScoreBucket, SubScore, SubScoreStatus, Verdict } from '@app/contracts';
import { SCORE_BUCKETS, SCORE_THRESHOLDS } from '@app/contracts';

/** The score of a bucket that has nothing to compare with, or a field that was not given. */
export const NEUTRAL_SCORE = 50;

/** Each bucket's weight in the overall score; they add up to 100. */
export const SCORE_WEIGHTS: Record<ScoreBucket, number> = { price: 40, location: 20, size: 20, details: 20 };

/** A sub-score's status: pass at 70 and above, warn from 40 to 69, fail below 40. */
export function statusOf(score: number): SubScoreStatus {
  if (score >= SCORE_THRESHOLDS.pass) return 'pass';
  if (score >= SCORE_THRESHOLDS.warn) return 'warn';
  return 'fail';
}

/** The verdict from the overall score, on the same thresholds as the statuses. */
export function verdictOf(score: number): Verdict {
  if (score >= SCORE_THRESHOLDS.pass) return 'match';
  if (score >= SCORE_THRESHOLDS.warn) return 'partial';
  return 'no_match';
}

export function subScore(score: number): SubScore {
  return { score, status: statusOf(score) };
}

/**
 * The weighted mean of the published (rounded) sub-scores, rounded: a client can
 * recompute the score from the breakdown it receives.
 */
export function overallScore(breakdown: DecisionBreakdown): number {
  const weighted = SCORE_BUCKETS.reduce((sum, bucket) => sum + SCORE_WEIGHTS[bucket] * breakdown[bucket].score, 0);
  return Math.round(weighted / 100);
}

/** The formula in a few lines of markdown, for the OpenAPI description (details in scoring/README.md). */
export const SCORING_FORMULA_SUMMARY = [
  '**Score** = round(0.4 × price + 0.2 × location + 0.2 × size + 0.2 × details), each sub-score an integer 0-100.',
  '**Verdict**: `match` at 70 and above, `partial` 40-69, `no_match` below 40. **Status** of a sub-score: `pass` ≥ 70, `warn` 40-69, `fail` < 40.',
  '- **price**: price per sqm on the benchmark distribution, piecewise linear: ≤ 0.8×p25 → 100, p25 → 85, median → 65, p75 → 40, 1.25×p75 → 10, ≥ 1.5×p75 → 0.',
  '- **location**: 50 + demand (log of the transaction count, −15 to +20) + trend (1.25 × year-over-year %, capped at ±25); city-wide benchmarks count half; +5 when coordinates are given.',
  '- **size**: price per sqm over the market mean: ≤ 0.7 → 100, 1.0 → 65, 1.2 → 40, ≥ 1.6 → 0; −20 when the area is unusual for the type.',
  '- **details**: 50 ± type-specific points (bedrooms for the area, floor, age, parking, furnished); a missing field counts 0; land scores 50.',
  'Without a benchmark, price, location and size score a neutral 50.',
].join('\n');
