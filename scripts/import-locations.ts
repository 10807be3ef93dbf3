import { resolve } from 'node:path';
import { decisionDatabase } from '../apps/decision/src/database/decision.database';
import { readGazetteerSource } from '../apps/decision/src/locations/gazetteer-sources';
import { seedAliases } from '../apps/decision/src/locations/location-seed';
import { LocationsRepository } from '../apps/decision/src/locations/locations.repository';
import { runTool } from './tool-database';

/**
 * `npm run import:locations -- <path>…`: upserts a gazetteer (the Saudi folder format or
 * Dubai's communities.json) into the decision schema by source id, then bumps
 * gazetteer_version so running services rebuild their index within 5 s. Uses DATABASE_URL,
 * else the embedded database in DATA_DIR; runs the decision migrations first.
 */
runTool(
  'import-locations',
  () => {
    const paths = process.argv.slice(2);
    if (paths.length === 0) throw new Error('Usage: npm run import:locations -- <saudi folder | communities.json>…');
    return paths.map((path) => readGazetteerSource(resolve(path)));
  },
  async (batches, database) => {
    const { dataSource } = await database.open(decisionDatabase);
    const repository = new LocationsRepository(dataSource);
    for (const batch of batches) {
      // The seed's aliases (Mecca, Dubai Marina…) come along: the source files have none.
      const counts = await repository.upsert(batch, seedAliases());
      process.stdout.write(
        `${batch.source}: ${counts.cities} cities, ${counts.districts} districts upserted; gazetteer_version ${counts.version}\n`,
      );
    }
  },
);
