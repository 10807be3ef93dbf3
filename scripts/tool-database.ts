import { DataSource } from 'typeorm';
import { loadEnv } from '@app/config';
import { connectOrStartEmbeddedPostgres, migrateServiceDatabase, serviceDataSourceOptions } from '@app/database';
import type { ServiceDatabaseDefinition } from '@app/database';
import { StandaloneEnv } from '../apps/standalone/src/standalone.env';

export interface ToolDatabase {
  /** One service's schema, migrated to the latest version (`applied` names what ran); closed when the tool ends. */
  open(definition: ServiceDatabaseDefinition): Promise<{ dataSource: DataSource; applied: string[] }>;
}

/**
 * Runs a command-line tool against the database `npm start` uses: DATABASE_URL, else the
 * embedded PostgreSQL in DATA_DIR (the running platform's when it is up). `prepare` checks
 * the arguments before any database starts; any failure prints its message and exits 1.
 */
export function runTool<T>(
  name: string,
  prepare: () => T | Promise<T>,
  work: (prepared: T, database: ToolDatabase) => Promise<void>,
): void {
  void (async () => {
    const prepared = await prepare();
    const env = loadEnv(StandaloneEnv);
    const database = env.DATABASE_URL
      ? { url: env.DATABASE_URL, stop: () => Promise.resolve() }
      : await connectOrStartEmbeddedPostgres({ dataDir: env.DATA_DIR });
    const opened: DataSource[] = [];
    try {
      await work(prepared, {
        open: async (definition) => {
          // Two connections: migrations run beside the one holding the migration lock.
          const options = serviceDataSourceOptions(definition, {
            url: database.url,
            poolSize: 2,
            applicationName: name,
          });
          const dataSource = await new DataSource(options).initialize();
          opened.push(dataSource);
          return { dataSource, applied: await migrateServiceDatabase(dataSource) };
        },
      });
    } finally {
      await Promise.all(opened.map((dataSource) => dataSource.destroy()));
      await database.stop();
    }
  })().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
