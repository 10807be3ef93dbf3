import { readFileSync } from 'node:fs';
import type { LocationsList, LocationsSearchRequest } from '@app/contracts';
import type { LocationIndex } from './location-index';
import { searchLocations } from './location-search';

/** One hand-written query of `test/fixtures/location-queries.json` and the place it means. */
export interface EvalQuery {
  param: 'city' | 'district';
  query: string;
  city?: string;
  expected_id: number;
  note: string;
}

export interface EvalResult {
  queries: number;
  recall: number;
  /** Milliseconds per query, ascending. */
  times: number[];
  misses: string[];
}

export function readEvalQueries(file: string): EvalQuery[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { queries: EvalQuery[] }).queries;
}

/** Runs every query once over the index: recall@1 (the intended place first) and each query's latency. */
export function evaluateLocationSearch(index: LocationIndex, queries: EvalQuery[]): EvalResult {
  const misses: string[] = [];
  const times: number[] = [];
  for (const q of queries) {
    const request: LocationsSearchRequest =
      q.param === 'city' ? { city: q.query } : { district: q.query, ...(q.city ? { city: q.city } : {}) };
    const started = process.hrtime.bigint();
    const answer = searchLocations(index, request) as LocationsList;
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    const top = answer.data[0];
    if (top?.id !== q.expected_id)
      misses.push(
        `${q.param}=${q.query}${q.city ? ` city=${q.city}` : ''} → ${top ? `${top.id} ${top.name_en}` : 'nothing'} (want ${q.expected_id}; ${q.note})`,
      );
  }
  times.sort((a, b) => a - b);
  return { queries: queries.length, recall: (queries.length - misses.length) / queries.length, times, misses };
}

/** The latency at a quantile of an ascending list, in ms with three decimals. */
export function quantileMs(sorted: number[], q: number): string {
  return sorted[Math.max(0, Math.ceil(sorted.length * q) - 1)].toFixed(3);
}
