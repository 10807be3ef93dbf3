import type { PropertyType, Verdict } from '@app/contracts';
import type { MarketBenchmark } from './market-benchmark';

/**
 * How well benchmarks computed from past sales describe the next year's (`npm run
 * eval:benchmarks`): pure functions over placed sales, so the figures can be pinned by hand.
 */
export interface EvaluatedSale {
  date: string;
  cityId: number;
  districtId: number | null;
  propertyType: PropertyType;
  priceSar: number;
  areaSqm: number;
}

/** Sales of the latest calendar year in the file, and the rest (the benchmarks' input). */
export function holdOutLatestYear<T extends { date: string }>(
  sales: T[],
): { year: number; training: T[]; heldOut: T[] } {
  const year = Math.max(...sales.map(yearOf));
  return {
    year,
    training: sales.filter((sale) => yearOf(sale) < year),
    heldOut: sales.filter((sale) => yearOf(sale) === year),
  };
}

const yearOf = (sale: { date: string }) => Number(sale.date.slice(0, 4));

export const pricePerSqm = (sale: Pick<EvaluatedSale, 'priceSar' | 'areaSqm'>) => sale.priceSar / sale.areaSqm;

/** |estimate − actual| / actual, as a percentage. */
export const absolutePercentageError = (estimate: number, actual: number) =>
  (Math.abs(estimate - actual) / actual) * 100;

/** The median of a list (the mean of the middle two for an even count); null when empty. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export interface ErrorCell {
  scope: 'district' | 'city';
  type: PropertyType;
  sales: number;
  /** Median absolute percentage error of the benchmark median against each sale's price per m². */
  mdape: number;
}

export interface MatchRate {
  /** Held-out sales priced within ±5 % of their own district's median that year. */
  atMarket: number;
  matched: number;
  /** matched / atMarket, as a percentage (null without any sale at the market). */
  rate: number | null;
}

export interface BenchmarkEvaluation {
  year: number;
  trainingSales: number;
  heldOutSales: number;
  /** Held-out sales with no benchmark at all (neither district nor city). */
  withoutBenchmark: number;
  cells: ErrorCell[];
  /** All scopes and types together, per scope. */
  overall: { scope: 'district' | 'city'; sales: number; mdape: number }[];
  match: MatchRate;
}

/** The benchmarks a sale can be compared with: its district's and its city's (each null when too few sales). */
export interface SaleBenchmarks {
  district: MarketBenchmark | null;
  city: MarketBenchmark | null;
}

/**
 * Compares each held-out sale with its district benchmark and, separately, its city benchmark
 * (so both scopes are measured on the same sales), grouping the errors by scope and type. The
 * verdict uses the engine's rule: the district benchmark, else the city's. `verdictAt` is the
 * decision engine's verdict for a sale at its price against a benchmark.
 */
export function evaluateBenchmarks(
  split: { year: number; training: EvaluatedSale[]; heldOut: EvaluatedSale[] },
  benchmarksOf: (sale: EvaluatedSale) => SaleBenchmarks,
  verdictAt: (sale: EvaluatedSale, benchmark: MarketBenchmark | null) => Verdict,
): BenchmarkEvaluation {
  const errors = new Map<string, { scope: 'district' | 'city'; type: PropertyType; values: number[] }>();
  let withoutBenchmark = 0;
  for (const sale of split.heldOut) {
    const found = benchmarksOf(sale);
    if (!found.district && !found.city) withoutBenchmark++;
    for (const scope of ['district', 'city'] as const) {
      const benchmark = found[scope];
      if (!benchmark) continue;
      const key = `${scope}:${sale.propertyType}`;
      const cell = errors.get(key) ?? { scope, type: sale.propertyType, values: [] };
      cell.values.push(absolutePercentageError(benchmark.median_sqm, pricePerSqm(sale)));
      errors.set(key, cell);
    }
  }
  const cells = [...errors.values()]
    .map(({ scope, type, values }) => ({ scope, type, sales: values.length, mdape: round1(median(values) as number) }))
    .sort((a, b) => b.scope.localeCompare(a.scope) || a.type.localeCompare(b.type));
  const overall = (['district', 'city'] as const).flatMap((scope) => {
    const values = [...errors.values()].filter((cell) => cell.scope === scope).flatMap((cell) => cell.values);
    return values.length > 0 ? [{ scope, sales: values.length, mdape: round1(median(values) as number) }] : [];
  });
  const engine = (sale: EvaluatedSale) => {
    const found = benchmarksOf(sale);
    return found.district ?? found.city;
  };
  return {
    year: split.year,
    trainingSales: split.training.length,
    heldOutSales: split.heldOut.length,
    withoutBenchmark,
    cells,
    overall,
    match: matchRate(split.heldOut, engine, verdictAt),
  };
}

/**
 * Among held-out sales priced at the market — within ±5 % of the median price per m² of
 * their own district and type that year — how many the engine calls a `match`.
 */
export function matchRate(
  heldOut: EvaluatedSale[],
  find: (sale: EvaluatedSale) => MarketBenchmark | null,
  verdictAt: (sale: EvaluatedSale, benchmark: MarketBenchmark | null) => Verdict,
): MatchRate {
  const byDistrict = new Map<string, number[]>();
  for (const sale of heldOut) {
    if (sale.districtId === null) continue;
    const key = `${sale.districtId}:${sale.propertyType}`;
    byDistrict.set(key, [...(byDistrict.get(key) ?? []), pricePerSqm(sale)]);
  }
  let atMarket = 0;
  let matched = 0;
  for (const sale of heldOut) {
    if (sale.districtId === null) continue;
    const market = median(byDistrict.get(`${sale.districtId}:${sale.propertyType}`) ?? []);
    if (market === null || Math.abs(pricePerSqm(sale) / market - 1) > 0.05) continue;
    atMarket++;
    if (verdictAt(sale, find(sale)) === 'match') matched++;
  }
  return { atMarket, matched, rate: atMarket === 0 ? null : round1((matched / atMarket) * 100) };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The report the command prints: one table of errors, the totals, the match rate. */
export function describeEvaluation(file: string, evaluation: BenchmarkEvaluation): string {
  const lines = [
    `${file}`,
    `  held out ${evaluation.year}: ${evaluation.heldOutSales} sales; benchmarks from ${evaluation.trainingSales} earlier sales; ` +
      `${evaluation.withoutBenchmark} held-out sales without any benchmark`,
    '  scope     type         sales   MdAPE %',
    ...evaluation.cells.map(
      (cell) =>
        `  ${cell.scope.padEnd(9)} ${cell.type.padEnd(12)} ${String(cell.sales).padStart(5)}   ${cell.mdape.toFixed(1).padStart(7)}`,
    ),
    ...evaluation.overall.map(
      (all) =>
        `  ${all.scope.padEnd(9)} ${'all'.padEnd(12)} ${String(all.sales).padStart(5)}   ${all.mdape.toFixed(1).padStart(7)}`,
    ),
    `  priced at the market (own district median ±5 %): ${evaluation.match.atMarket} sales, ` +
      `${evaluation.match.matched} answered match (${evaluation.match.rate === null ? 'n/a' : `${evaluation.match.rate.toFixed(1)} %`})`,
  ];
  return lines.join('\n');
}
