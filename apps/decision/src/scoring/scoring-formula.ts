import type { DecisionBreakdown, SubScore, SubScoreStatus, Verdict } from '@app/contracts';
import { SCORE_BUCKETS, SCORE_THRESHOLDS, SCORE_WEIGHTS } from '@app/contracts';

/** The score of a bucket that has nothing to compare with, or a field that was not given. */
export const NEUTRAL_SCORE = 50;

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
