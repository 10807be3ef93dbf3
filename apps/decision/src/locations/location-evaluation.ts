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

export interface TypeaheadTarget {
  kind: 'city' | 'district';
  id: number;
  /** The name as a person starts typing it (no "حي" marker). */
  name: string;
  script: 'en' | 'ar';
  /** Districts are typed inside their city, as a search box does once the city is chosen. */
  city_id?: number;
}

export interface TypeaheadResult {
  targets: number;
  /** Share of targets in the top 5 once 3 characters are typed. */
  top5At3: number;
  /** Share of targets first once 5 characters are typed (or the whole name, if shorter). */
  firstAt5: number;
  /** Share of targets first once the whole name is typed. */
  firstWhole: number;
  failures: string[];
}

/** The 1-based rank of the target among the answers to the first `chars` characters, or Infinity. */
function rankOf(index: LocationIndex, target: TypeaheadTarget, chars = target.name.length): number {
  const typed = target.name.slice(0, chars);
  const hits =
    target.kind === 'city'
      ? index.searchCities(typed, 20).map((hit) => hit.city.id)
      : index
          .searchDistricts(typed, 20, target.city_id === undefined ? undefined : new Set([target.city_id]))
          .map((hit) => hit.district.id);
  const at = hits.indexOf(target.id);
  return at < 0 ? Infinity : at + 1;
}

/** Search-as-you-type: is the intended place in the top 5 by the third character and first by the fifth? */
export function evaluateTypeahead(index: LocationIndex, targets: TypeaheadTarget[]): TypeaheadResult {
  let top5 = 0;
  let first = 0;
  let whole = 0;
  const failures: string[] = [];
  for (const target of targets) {
    const at3 = rankOf(index, target, 3);
    const at5 = rankOf(index, target, 5);
    const atWhole = rankOf(index, target);
    if (at3 <= 5) top5++;
    if (at5 === 1) first++;
    if (atWhole === 1) whole++;
    if (at3 > 5 || at5 !== 1 || atWhole !== 1)
      failures.push(
        `${target.kind} ${target.name}: rank ${at3} at "${target.name.slice(0, 3)}", ${at5} at "${target.name.slice(0, 5)}"` +
          (atWhole === 1 ? '' : `, ${atWhole} whole`),
      );
  }
  const share = (count: number) => count / targets.length;
  return {
    targets: targets.length,
    top5At3: share(top5),
    firstAt5: share(first),
    firstWhole: share(whole),
    failures,
  };
}

/** One case of `test/fixtures/location-typeahead-en.json`: an English district name as people type it. */
interface TypedDistrict {
  city_id: number;
  district_id: number;
  typed: string;
}

/** The typed English district names as typeahead targets, each typed inside its city. */
export function readTypedDistricts(file: string): TypeaheadTarget[] {
  const { cases } = JSON.parse(readFileSync(file, 'utf8')) as { cases: TypedDistrict[] };
  return cases.map((typed) => ({
    kind: 'district',
    id: typed.district_id,
    name: typed.typed,
    script: 'en',
    city_id: typed.city_id,
  }));
}
