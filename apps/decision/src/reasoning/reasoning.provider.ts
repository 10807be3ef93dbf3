import type { DecisionLocation, DecisionPriceGuidance, DecisionPropertyInput, DecisionReasoning } from '@app/contracts';
import type { MarketBenchmark } from '../benchmarks/market-benchmark';
import type { ComparableSales } from '../comparables/comparable-sales';
import type { ScoringResult } from '../scoring/scoring.types';

/** What a provider explains: the request's property, the resolved place, the score and the benchmark it used. */
export interface ReasoningInput {
  property: DecisionPropertyInput;
  location: DecisionLocation;
  scoring: ScoringResult;
  /** null: no benchmark for the place and type. */
  benchmark: MarketBenchmark | null;
  /** The recorded sales the decision cites; null without a benchmark. Optional for callers with none to give. */
  comparables?: ComparableSales | null;
  /** The price that makes a match, named in the text when it matters. Optional for callers with none to give. */
  guidance?: DecisionPriceGuidance | null;
}

/**
 * Writes the bilingual reasoning of a decision. Implementations throw
 * `AppError('ai_unavailable')` when they cannot answer, so the caller refunds the call.
 */
export interface ReasoningProvider {
  /** `template` or `openai`; the text's author is in `DecisionReasoning.model`. */
  readonly name: string;
  explain(input: ReasoningInput): Promise<DecisionReasoning>;
}

/** Injection token of the configured ReasoningProvider (ReasoningModule exports it). */
export const REASONING_PROVIDER = 'REASONING_PROVIDER';
