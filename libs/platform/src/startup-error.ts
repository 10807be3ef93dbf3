import { ConfigurationError } from '@app/config';

/** A configuration mistake prints its message alone; anything else prints its stack. */
export function exitOnStartupError(err: unknown): never {
  if (err instanceof ConfigurationError) process.stderr.write(`${err.message}\n`);
  else process.stderr.write(`Start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
}
