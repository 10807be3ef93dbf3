export * from './service-database';
export * from './database.module';
export * from './embedded/embedded-postgres';
export * from './unique-violation';
