import { databaseUnavailable } from './database-unavailable';

describe('databaseUnavailable', () => {
  it.each([
    [
      'a backend terminated by an administrator (57P01)',
      { code: '57P01', message: 'terminating connection due to administrator command' },
    ],
    ['a database refusing connections (57P03)', { code: '57P03', message: 'the database system is starting up' }],
    ['a connection exception (08006)', { code: '08006', message: 'connection failure' }],
    [
      'TypeORM wrapping the driver error',
      { message: 'Query failed', driverError: { code: '57P01', message: 'terminating' } },
    ],
    ['node-postgres losing its socket', new Error('Connection terminated unexpectedly')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
  ])('should answer 503 service_unavailable when given %s', (_label, error) => {
    expect(databaseUnavailable(error)?.toEnvelope()).toEqual({
      error: 'service_unavailable',
      message: 'The database is unavailable. Try again shortly.',
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it.each([
    ['a unique violation (23505)', { code: '23505', message: 'duplicate key value violates unique constraint' }],
    ['a syntax error (42601)', { code: '42601', message: 'syntax error at or near "SELEC"' }],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['nothing', undefined],
    ['a string', 'Connection terminated'],
  ])('should leave %s to the other renderers', (_label, error) => {
    expect(databaseUnavailable(error)).toBeUndefined();
  });
});
