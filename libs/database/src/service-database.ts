import { DataSource } from 'typeorm';
import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import { EVENT_ENTITIES, EVENT_MIGRATIONS } from '@app/messaging';

type EntityClass = MixedList<string | (new (...args: never[]) => unknown) | EntitySchema>;
type MigrationClass = new () => unknown;

/** What a service declares about its data: its schema and the migrations that build it. */
export interface ServiceDatabaseDefinition {
  /** Also the schema name and the DataSource's Nest token name (`TypeOrmModule.forRootAsync({ name })`). */
  service: string;
  entities: (new (...args: never[]) => unknown)[];
  migrations: MigrationClass[];
}

export interface DatabaseConnectionOptions {
  url: string;
  poolSize: number;
  applicationName: string;
}

export function serviceDataSourceOptions(
  definition: ServiceDatabaseDefinition,
  connection: DatabaseConnectionOptions,
): DataSourceOptions {
  return {
    type: 'postgres',
    url: connection.url,
    schema: definition.service,
    entities: [...EVENT_ENTITIES, ...definition.entities] as EntityClass,
    migrations: [...EVENT_MIGRATIONS, ...definition.migrations] as MigrationClass[] as unknown as string[],
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    // Two at least: migrations run beside the connection holding the migration lock.
    extra: { max: Math.max(2, connection.poolSize), application_name: connection.applicationName },
  };
}

/**
 * Opens the service's DataSource, creates its schema and runs pending migrations under a
 * PostgreSQL advisory lock, so replicas starting together migrate once.
 */
export async function openServiceDatabase(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource(options).initialize();
  try {
    await migrateServiceDatabase(dataSource);
    return dataSource;
  } catch (err) {
    await dataSource.destroy();
    throw err;
  }
}

/** Holds the lock on one pooled connection while migrations run on another: the pool needs two. */
export async function migrateServiceDatabase(dataSource: DataSource): Promise<string[]> {
  const schema = (dataSource.options as { schema: string }).schema;
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrations:${schema}`]).catch(() => undefined);
    await runner.release();
  }
}
