import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readSaudiFolder } from './gazetteer-sources';
import { evaluateLocationSearch, quantileMs, readEvalQueries } from './location-evaluation';
import { LocationIndex } from './location-index';
import { seedAliases } from './location-seed';

/** ../shared beside the clone, as in CI; the data is loaded, never committed. */
const SAUDI = join(__dirname, '..', '..', '..', '..', '..', 'shared', 'data', 'locations', 'saudi');
const FIXTURE = join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'location-queries.json');

const describeWithData = existsSync(SAUDI) ? describe : describe.skip;

describeWithData('location search evaluation (Saudi gazetteer, hand-written queries)', () => {
  it('should find the intended place first for at least 95% of the queries', () => {
    const batch = readSaudiFolder(SAUDI);
    const index = new LocationIndex({ cities: batch.cities, districts: batch.districts, aliases: seedAliases() });
    const queries = readEvalQueries(FIXTURE);
    expect(queries.length).toBeGreaterThanOrEqual(100);

    const { recall, times, misses } = evaluateLocationSearch(index, queries);
    process.stdout.write(
      `location eval: ${queries.length} queries, recall@1 ${recall.toFixed(3)}, p95 ${quantileMs(times, 0.95)} ms, p50 ${quantileMs(times, 0.5)} ms\n` +
        (misses.length ? `misses:\n  ${misses.join('\n  ')}\n` : ''),
    );
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });
});
