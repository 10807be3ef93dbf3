import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { loadEnv } from '@app/config';
import { migrateServiceDatabase, serviceDataSourceOptions, connectOrStartEmbeddedPostgres } from '@app/database';
import { decisionDatabase } from '../apps/decision/src/database/decision.database';
import { readGazetteerSource } from '../apps/decision/src/locations/gazetteer-sources';
import { seedAliases } from '../apps/decision/src/locations/location-seed';
import { LocationsRepository } from '../apps/decision/src/locations/locations.repository';
import { StandaloneEnv } from '../apps/standalone/src/standalone.env';

/**
 * `npm run import:locations -- <path>…`: upserts a gazetteer (the Saudi folder format or
 * Dubai's communities.json) into the decision schema by source id, then bumps
 * gazetteer_version so running services rebuild their index within 5 s. Uses DATABASE_URL,
 * else the embedded database in DATA_DIR; runs the decision migrations first.
 */
async function main(): Promise<void> {
  const paths = process.argv.slice(2);
  if (paths.length === 0) throw new Error('Usage: npm run import:locations -- <saudi folder | communities.json>…');
  const batches = paths.map((path) => readGazetteerSource(resolve(path)));
  const env = loadEnv(StandaloneEnv);
  const database = env.DATABASE_URL
    ? { url: env.DATABASE_URL, stop: () => Promise.resolve() }
    : await connectOrStartEmbeddedPostgres({ dataDir: env.DATA_DIR });
  try {
    const options = serviceDataSourceOptions(decisionDatabase, {
      url: database.url,
      poolSize: 2,
      applicationName: 'import-locations',
    });
    const dataSource = await new DataSource(options).initialize();
    try {
      await migrateServiceDatabase(dataSource);
      const repository = new LocationsRepository(dataSource);
      for (const batch of batches) {
        // The seed's aliases (Mecca, Dubai Marina…) come along: the source files have none.
        const counts = await repository.upsert(batch, seedAliases());
        process.stdout.write(
          `${batch.source}: ${counts.cities} cities, ${counts.districts} districts upserted; gazetteer_version ${counts.version}\n`,
        );
      }
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await database.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
