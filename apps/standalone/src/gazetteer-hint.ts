import { Client } from 'pg';

/** Fewer cities than this: only the built-in seed is loaded. */
const SEED_ONLY_BELOW = 100;

/**
 * A banner line telling a newcomer how to load the whole Saudi gazetteer when only the seed
 * (a few major cities) is there; nothing once it is loaded.
 */
export async function gazetteerHint(databaseUrl: string): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ cities: number }>('SELECT count(*)::int AS cities FROM decision.cities');
    const cities = rows[0]?.cities ?? 0;
    if (cities >= SEED_ONLY_BELOW) return [];
    return [`  Places   ${cities} seed cities; all of Saudi Arabia: npm run import:locations -- --download`];
  } finally {
    await client.end();
  }
}
