import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { decisionDatabase } from '../apps/decision/src/database/decision.database';
import { readGazetteerSource } from '../apps/decision/src/locations/gazetteer-sources';
import { seedAliases } from '../apps/decision/src/locations/location-seed';
import { LocationsRepository } from '../apps/decision/src/locations/locations.repository';
import { SAUDI_GAZETTEER_URL, downloadSaudiGazetteer } from './gazetteer-download';
import { runTool } from './tool-database';

const USAGE =
  'Usage: npm run import:locations -- <saudi folder | communities.json>… | --download [--download-from=<base url>]';

/**
 * `npm run import:locations -- <path>…`: upserts a gazetteer (the Saudi folder format or
 * Dubai's communities.json) into the decision schema by source id, then bumps
 * gazetteer_version so running services rebuild their index within 5 s. Uses DATABASE_URL,
 * else the embedded database in DATA_DIR; runs the decision migrations first.
 * `--download` fetches the published Saudi gazetteer at its pinned commit first (checksums
 * checked); `--download-from=<url>` reads the same files from a mirror.
 */
runTool(
  'import-locations',
  async () => {
    const args = process.argv.slice(2);
    const mirror = args.find((arg) => arg.startsWith('--download-from='))?.slice('--download-from='.length);
    const download = mirror !== undefined || args.includes('--download');
    const paths = args.filter((arg) => !arg.startsWith('--'));
    if (paths.length === 0 && !download) throw new Error(USAGE);
    const log = (line: string) => process.stdout.write(line);
    const downloaded = download ? await downloadSaudiGazetteer(mirror ?? SAUDI_GAZETTEER_URL, log) : undefined;
    try {
      return [...paths, ...(downloaded ? [downloaded] : [])].map((path) => readGazetteerSource(resolve(path)));
    } finally {
      if (downloaded) rmSync(downloaded, { recursive: true, force: true });
    }
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
