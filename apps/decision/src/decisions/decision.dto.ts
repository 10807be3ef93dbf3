import type {
  DecisionComparable,
  DecisionLocation,
  DecisionPriceGuidance,
  DecisionReasoning,
  DecisionResponse,
} from '@app/contracts';
import type { MarketBenchmark } from '../benchmarks/market-benchmark';
import type { ScoringResult } from '../scoring/scoring.types';

export interface DecisionParts {
  id: string;
  scoring: ScoringResult;
  benchmark: MarketBenchmark | null;
  guidance: DecisionPriceGuidance;
  /** The sales cited as evidence, newest first; empty without a benchmark. */
  comparables: DecisionComparable[];
  location: DecisionLocation;
  reasoning: DecisionReasoning | undefined;
  cost: number;
  /** The balance right after this call's own debit. */
  balance: number;
  createdAt: Date;
}

/** Spec 2.2's current form, plus the earlier form's names for the two credit fields. */
export function toDecisionResponse(parts: DecisionParts): DecisionResponse {
  const { scoring, benchmark } = parts;
  return {
    object: 'decision',
    id: parts.id,
    verdict: scoring.verdict,
    score: scoring.score,
    breakdown: scoring.breakdown,
    price_per_sqm: scoring.price_per_sqm,
    benchmark: benchmark && {
      median_sqm: benchmark.median_sqm,
      p25_sqm: benchmark.p25_sqm,
      p75_sqm: benchmark.p75_sqm,
      year: benchmark.year,
      transaction_count: benchmark.transaction_count,
      yoy_pct: benchmark.yoy_pct,
      scope: benchmark.scope,
    },
    // Why each sub-score is what it is, reasoning or not: `no_benchmark` whenever benchmark is null.
    factors: scoring.factors,
    comparables: parts.comparables,
    price_guidance: parts.guidance,
    location: parts.location,
    ...(parts.reasoning ? { reasoning: parts.reasoning } : {}),
    credits_used: parts.cost,
    credits_remaining: parts.balance,
    decisions_used: parts.cost,
    decisions_remaining: parts.balance,
    created_at: parts.createdAt.toISOString(),
  };
}
