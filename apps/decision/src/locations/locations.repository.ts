import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  REFERENCE_VERSION_KEYS,
  bumpReferenceVersion,
  readReferenceVersion,
} from '../reference-data/reference-versions';
import type { GazetteerBatch } from './gazetteer-sources';
import type { GazetteerAlias, GazetteerData } from './location-index';

export const DECISION_DATABASE = 'decision';
const BATCH = 2000;

export interface UpsertCounts {
  countries: number;
  cities: number;
  districts: number;
  aliases: number;
  version: number;
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

/** Every gazetteer query. bigint ids come back as strings and leave here as numbers. */
@Injectable()
export class LocationsRepository {
  constructor(@InjectDataSource(DECISION_DATABASE) private readonly dataSource: DataSource) {}

  version(): Promise<number> {
    return readReferenceVersion(this.dataSource, REFERENCE_VERSION_KEYS.gazetteer);
  }

  /** The whole gazetteer with its version, read in one snapshot. */
  async load(): Promise<{ version: number; data: GazetteerData }> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      // One connection in a transaction: the queries run one after another.
      const version = await readReferenceVersion(manager, REFERENCE_VERSION_KEYS.gazetteer);
      const cities = await manager.query<{ id: string; name_ar: string; name_en: string }[]>(
        `SELECT id, name_ar, name_en FROM decision.cities`,
      );
      const districts = await manager.query<{ id: string; city_id: string; name_ar: string; name_en: string }[]>(
        `SELECT id, city_id, name_ar, name_en FROM decision.districts`,
      );
      const aliases = await manager.query<{ place: 'city' | 'district'; place_id: string; alias: string }[]>(
        `SELECT place, place_id, alias FROM decision.location_aliases`,
      );
      // Sales per place rank what a search box shows first (read when the index is built).
      const sales = await manager.query<{ city_id: string; district_id: string | null; n: number }[]>(
        `SELECT city_id, district_id, count(*)::int AS n FROM decision.transactions GROUP BY city_id, district_id`,
      );
      return {
        version,
        data: {
          cities: cities.map((c) => ({ id: Number(c.id), name_ar: c.name_ar, name_en: c.name_en })),
          districts: districts.map((d) => ({
            id: Number(d.id),
            city_id: Number(d.city_id),
            name_ar: d.name_ar,
            name_en: d.name_en,
          })),
          aliases: aliases.map((a) => ({ place: a.place, place_id: Number(a.place_id), alias: a.alias })),
          volumes: salesVolumes(sales),
        },
      };
    });
  }

  /** Loads the seed once, under a lock, when there is no city yet (replicas starting together). */
  async seedIfEmpty(batch: GazetteerBatch, aliases: GazetteerAlias[]): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('decision:gazetteer'))`);
      const rows = await manager.query<{ any: boolean }[]>(`SELECT EXISTS (SELECT 1 FROM decision.cities) AS any`);
      if (rows[0].any) return false;
      await upsertBatch(manager, batch, aliases);
      return true;
    });
  }

  /** Upserts by source id (re-imports never duplicate) and bumps the version, in one transaction. */
  async upsert(batch: GazetteerBatch, aliases: GazetteerAlias[] = []): Promise<UpsertCounts> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('decision:gazetteer'))`);
      return upsertBatch(manager, batch, aliases);
    });
  }
}

async function upsertBatch(
  manager: EntityManager,
  batch: GazetteerBatch,
  aliases: GazetteerAlias[],
): Promise<UpsertCounts> {
  for (const c of batch.countries) {
    await manager.query(
      `INSERT INTO decision.countries (code, name_ar, name_en) VALUES ($1, $2, $3)
       ON CONFLICT (code) DO UPDATE SET name_ar = EXCLUDED.name_ar, name_en = EXCLUDED.name_en`,
      [c.code, c.name_ar, c.name_en],
    );
  }
  for (const rows of chunks(batch.cities)) {
    await manager.query(
      `INSERT INTO decision.cities (id, country_code, region, name_ar, name_en)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[])
       ON CONFLICT (id) DO UPDATE SET country_code = EXCLUDED.country_code, region = EXCLUDED.region,
         name_ar = EXCLUDED.name_ar, name_en = EXCLUDED.name_en, updated_at = now()`,
      [
        rows.map((r) => String(r.id)),
        rows.map((r) => r.country_code),
        rows.map((r) => r.region),
        rows.map((r) => r.name_ar),
        rows.map((r) => r.name_en),
      ],
    );
  }
  for (const rows of chunks(batch.districts)) {
    await manager.query(
      `INSERT INTO decision.districts (id, city_id, region, name_ar, name_en)
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[])
       ON CONFLICT (id) DO UPDATE SET city_id = EXCLUDED.city_id, region = EXCLUDED.region,
         name_ar = EXCLUDED.name_ar, name_en = EXCLUDED.name_en, updated_at = now()`,
      [
        rows.map((r) => String(r.id)),
        rows.map((r) => String(r.city_id)),
        rows.map((r) => r.region),
        rows.map((r) => r.name_ar),
        rows.map((r) => r.name_en),
      ],
    );
  }
  for (const rows of chunks(aliases)) {
    await manager.query(
      `INSERT INTO decision.location_aliases (place, place_id, alias)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[])
       ON CONFLICT ON CONSTRAINT location_aliases_uq DO NOTHING`,
      [rows.map((r) => r.place), rows.map((r) => String(r.place_id)), rows.map((r) => r.alias)],
    );
  }
  const version = await bumpReferenceVersion(manager, REFERENCE_VERSION_KEYS.gazetteer);
  return {
    countries: batch.countries.length,
    cities: batch.cities.length,
    districts: batch.districts.length,
    aliases: aliases.length,
    version,
  };
}

/** Transactions per city (all of its districts) and per district. */
function salesVolumes(rows: { city_id: string; district_id: string | null; n: number }[]) {
  const city = new Map<number, number>();
  const district = new Map<number, number>();
  for (const row of rows) {
    city.set(Number(row.city_id), (city.get(Number(row.city_id)) ?? 0) + row.n);
    if (row.district_id !== null) district.set(Number(row.district_id), row.n);
  }
  return { city, district };
}
