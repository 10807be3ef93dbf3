import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocationsList } from '@app/contracts';
import { readSaudiFolder } from './gazetteer-sources';
import { LocationIndex } from './location-index';
import { searchLocations } from './location-search';
import { seedAliases } from './location-seed';

/** ../shared beside the clone, as in CI; the data is loaded, never committed. */
const SAUDI = join(__dirname, '..', '..', '..', '..', '..', 'shared', 'data', 'locations', 'saudi');
const FIXTURE = join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'location-queries.json');

interface EvalQuery {
  param: 'city' | 'district';
  query: string;
  city?: string;
  expected_id: number;
  note: string;
}

const describeWithData = existsSync(SAUDI) ? describe : describe.skip;

describeWithData('location search evaluation (Saudi gazetteer, hand-written queries)', () => {
  it('should find the intended place first for at least 95% of the queries', () => {
    const batch = readSaudiFolder(SAUDI);
    const index = new LocationIndex({ cities: batch.cities, districts: batch.districts, aliases: seedAliases() });
    const { queries } = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { queries: EvalQuery[] };
    expect(queries.length).toBeGreaterThanOrEqual(100);

    const misses: string[] = [];
    const times: number[] = [];
    for (const q of queries) {
      const request =
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
    const recall = (queries.length - misses.length) / queries.length;
    const p95 = times[Math.ceil(times.length * 0.95) - 1];
    process.stdout.write(
      `location eval: ${queries.length} queries, recall@1 ${recall.toFixed(3)}, p95 ${p95.toFixed(3)} ms, p50 ${times[Math.floor(times.length / 2)].toFixed(3)} ms\n` +
        (misses.length ? `misses:\n  ${misses.join('\n  ')}\n` : ''),
    );
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });
});
