import { AppError } from './app-error';

/**
 * SQLSTATEs of a database that is away rather than a query that is wrong: class 08
 * (connection exception), the server ending the session (57P01 admin shutdown, 57P02 crash
 * shutdown, 57P03 cannot connect now) and 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|53300)$/;
/** What node-postgres and sockets say when the connection is lost or refused. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|ECONNREFUSED|ECONNRESET|not currently accepting connections/i;

interface DriverError {
  code?: unknown;
  message?: unknown;
  driverError?: DriverError;
}

/**
 * A database connection lost, refused or ended by the server (PostgreSQL restarted, its
 * backends terminated, failover): a transient outage the caller may retry, so 503
 * service_unavailable rather than a 500 that reads as a bug. Undefined for any other error.
 */
export function databaseUnavailable(exception: unknown): AppError | undefined {
  if (!exception || typeof exception !== 'object') return undefined;
  const error = exception as DriverError;
  const driver = error.driverError ?? error;
  const code = typeof driver.code === 'string' ? driver.code : undefined;
  const message = typeof driver.message === 'string' ? driver.message : '';
  const lost = (code !== undefined && UNAVAILABLE_SQLSTATES.test(code)) || UNAVAILABLE_MESSAGES.test(message);
  return lost ? new AppError('service_unavailable', 'The database is unavailable. Try again shortly.') : undefined;
}
