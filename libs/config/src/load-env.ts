import { plainToInstance } from 'class-transformer';
import type { ClassConstructor } from 'class-transformer';
import { validateSync } from '@app/validation';

/** Variables whose value a configuration error never repeats (it ends up in logs). */
const SECRET = /PASSWORD$/;

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigurationError';
  }
}

/**
 * Reads and validates environment variables into a typed class. Empty or blank
 * values count as unset so `FOO=` falls back to the default. A bad value stops start-up with a
 * message naming the variable and the value it got.
 */
export function loadEnv<T extends object>(cls: ClassConstructor<T>, env: NodeJS.ProcessEnv = process.env): T {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const instance = plainToInstance(cls, present, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(instance, { whitelist: false, forbidUnknownValues: true });
  if (errors.length > 0) {
    throw new ConfigurationError(
      errors.map((error) => {
        const received = present[error.property];
        const got =
          received === undefined ? 'not set' : SECRET.test(error.property) ? 'value not shown' : `got "${received}"`;
        return `${error.property}: ${Object.values(error.constraints ?? {}).join('; ')} (${got})`;
      }),
    );
  }
  return instance;
}
