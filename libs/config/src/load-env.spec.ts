import { BaseEnv, ConfigurationError, loadEnv } from '@app/config';

function problemsFor(env: NodeJS.ProcessEnv): string[] {
  try {
    loadEnv(BaseEnv, env);
  } catch (error) {
    if (error instanceof ConfigurationError) return error.problems;
    throw error;
  }
  throw new Error('expected loadEnv to throw a ConfigurationError');
}

describe('loadEnv(BaseEnv)', () => {
  it('should give the documented defaults when the environment is empty', () => {
    const env = loadEnv(BaseEnv, {});
    expect(env).toBeInstanceOf(BaseEnv);
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      NATS_URL: 'nats://127.0.0.1:4222',
      DB_POOL_SIZE: 10,
      EVENTS_NAMESPACE: '',
      EVENT_MAX_ATTEMPTS: 5,
      EVENT_RETRY_BASE_MS: 1000,
      OUTBOX_POLL_MS: 500,
      SHUTDOWN_TIMEOUT_MS: 10_000,
    });
    expect(env.PORT).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    // Unset: each pattern's own deadline (libs/contracts) applies.
    expect(env.RPC_TIMEOUT_MS).toBeUndefined();
  });

  it('should convert numeric strings to numbers when numeric variables are set', () => {
    const env = loadEnv(BaseEnv, { RPC_TIMEOUT_MS: '1500', PORT: '8080', DB_POOL_SIZE: '25' });
    expect(env.RPC_TIMEOUT_MS).toBe(1500);
    expect(env.PORT).toBe(8080);
    expect(env.DB_POOL_SIZE).toBe(25);
  });

  it('should keep valid string values when they are set', () => {
    const env = loadEnv(BaseEnv, {
      NODE_ENV: 'production',
      LOG_LEVEL: 'debug',
      DATABASE_URL: 'postgresql://u:p@db:5432/app',
      NATS_URL: 'nats://a:4222,nats://b:4222',
      EVENTS_NAMESPACE: 'staging-2',
    });
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      LOG_LEVEL: 'debug',
      DATABASE_URL: 'postgresql://u:p@db:5432/app',
      NATS_URL: 'nats://a:4222,nats://b:4222',
      EVENTS_NAMESPACE: 'staging-2',
    });
  });

  it('should accept the boundary values when numbers sit on their limits', () => {
    const env = loadEnv(BaseEnv, { PORT: '0', RPC_TIMEOUT_MS: '50', EVENT_MAX_ATTEMPTS: '100' });
    expect(env.PORT).toBe(0);
    expect(env.RPC_TIMEOUT_MS).toBe(50);
    expect(env.EVENT_MAX_ATTEMPTS).toBe(100);
  });

  it('should fall back to defaults when variables are empty strings', () => {
    const env = loadEnv(BaseEnv, { LOG_LEVEL: '', RPC_TIMEOUT_MS: '', PORT: '', NATS_URL: '', DATABASE_URL: '' });
    expect(env.LOG_LEVEL).toBe('info');
    expect(env.RPC_TIMEOUT_MS).toBeUndefined();
    expect(env.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(env.PORT).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['DATABASE_URL', 'mysql://x'],
    ['NATS_URL', 'http://x'],
    ['RPC_TIMEOUT_MS', '10'],
    ['DB_POOL_SIZE', '0'],
    ['EVENTS_NAMESPACE', 'a.b'],
  ])('should throw a ConfigurationError naming %s and the value when it is "%s"', (name, value) => {
    expect(() => loadEnv(BaseEnv, { [name]: value })).toThrow(ConfigurationError);
    const problems = problemsFor({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
    expect(problems[0]).toContain(`(got "${value}")`);
  });

  it('should put the variable, the rule and the value in the message when a value is bad', () => {
    expect(() => loadEnv(BaseEnv, { DATABASE_URL: 'mysql://x' })).toThrow(
      'Invalid configuration:\n  - DATABASE_URL: must be a postgres:// URL (got "mysql://x")',
    );
  });

  it('should name the error ConfigurationError when it is thrown', () => {
    expect(() => loadEnv(BaseEnv, { LOG_LEVEL: 'loud' })).toThrow(
      expect.objectContaining({ name: 'ConfigurationError' }) as Error,
    );
  });

  it('should list every bad variable when several are bad', () => {
    const problems = problemsFor({ PORT: 'abc', LOG_LEVEL: 'loud', NATS_URL: 'http://x', RPC_TIMEOUT_MS: '1500' });
    expect(problems).toHaveLength(3);
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['LOG_LEVEL', 'NATS_URL', 'PORT']);
    expect(problems.find((p) => p.startsWith('PORT:'))).toContain('(got "abc")');
    expect(problems.find((p) => p.startsWith('LOG_LEVEL:'))).toContain('(got "loud")');
    expect(problems.find((p) => p.startsWith('NATS_URL:'))).toContain('(got "http://x")');
  });

  it('should list each problem on its own line when several are bad', () => {
    const problems = problemsFor({ PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(() => loadEnv(BaseEnv, { PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(
      `Invalid configuration:\n  - ${problems.join('\n  - ')}`,
    );
  });
});

describe('loadEnv(BaseEnv) with NATS credentials', () => {
  it('should connect without credentials when neither NATS_USER nor NATS_PASSWORD is set', () => {
    expect(loadEnv(BaseEnv, {})).toMatchObject({ NATS_USER: undefined, NATS_PASSWORD: undefined });
  });

  it('should take both when both are set', () => {
    expect(loadEnv(BaseEnv, { NATS_USER: 'billing', NATS_PASSWORD: 'p0123456789abcdef' })).toMatchObject({
      NATS_USER: 'billing',
      NATS_PASSWORD: 'p0123456789abcdef',
    });
  });

  it('should ask for NATS_USER without showing the password when only NATS_PASSWORD is set', () => {
    const problems = problemsFor({ NATS_PASSWORD: 'p0123456789abcdef' });
    expect(problems).toEqual(['NATS_USER: is required when NATS_PASSWORD is set (not set)']);
  });

  it('should refuse a password nats-server would read as a number, without repeating it', () => {
    const problems = problemsFor({ NATS_USER: 'billing', NATS_PASSWORD: '0123456789abcdef0' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^NATS_PASSWORD: is required with NATS_USER: 16\+ letters.*\(value not shown\)$/);
    expect(problems[0]).not.toContain('0123456789abcdef0');
  });

  it('should ask for NATS_PASSWORD when only NATS_USER is set', () => {
    expect(problemsFor({ NATS_USER: 'billing' })).toEqual([
      'NATS_PASSWORD: is required with NATS_USER: 16+ letters, digits, - or _, starting with a letter (p$(openssl rand -hex 24)) (not set)',
    ]);
  });
});

describe('ConfigurationError', () => {
  it('should keep the problems and format the message when constructed', () => {
    const error = new ConfigurationError(['A: bad (got "1")', 'B: bad (not set)']);
    expect(error).toBeInstanceOf(Error);
    expect(error.problems).toEqual(['A: bad (got "1")', 'B: bad (not set)']);
    expect(error.message).toBe('Invalid configuration:\n  - A: bad (got "1")\n  - B: bad (not set)');
  });
});

describe('loadEnv(BaseEnv) with unusual numbers', () => {
  it('should treat a blank value as unset when it holds only spaces', () => {
    expect(loadEnv(BaseEnv, { PORT: '  ', RPC_TIMEOUT_MS: ' ' })).toMatchObject({
      PORT: undefined,
      RPC_TIMEOUT_MS: undefined,
    });
  });

  it.each(['0x10', '1e3', '12abc', '3.5'])('should refuse %s when an integer is expected', (value) => {
    expect(() => loadEnv(BaseEnv, { RPC_TIMEOUT_MS: value })).toThrow(`RPC_TIMEOUT_MS`);
    expect(() => loadEnv(BaseEnv, { RPC_TIMEOUT_MS: value })).toThrow(`got "${value}"`);
  });
});
