import type { DistributedSettings, Mode } from './platforms';

/** The bench scripts' options: `--name=value` on the command line, else BENCH_<NAME>, else the default. */
const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [name, ...value] = arg.replace(/^--/, '').split('=');
    return [name, value.join('=')] as const;
  }),
);

export function option(name: string, fallback: string): string {
  return args.get(name) ?? process.env[`BENCH_${name.toUpperCase()}`] ?? fallback;
}

export function positiveOption(name: string, fallback: number): number {
  const value = Number(option(name, String(fallback)));
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
}

/** An option that must be one of `choices`. */
export function choiceOption<T extends string>(name: string, choices: readonly T[], fallback: T): T {
  const value = option(name, fallback);
  if (!(choices as readonly string[]).includes(value))
    throw new Error(`${name} must be ${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`);
  return value as T;
}

/** `--mode=standalone|distributed|both` (both by default). */
export function modesOption(): Mode[] {
  const mode = choiceOption('mode', ['standalone', 'distributed', 'both'], 'both');
  return mode === 'both' ? ['standalone', 'distributed'] : [mode];
}

/** Where distributed mode finds its PostgreSQL, NATS and (when it answers) Redis. */
export function distributedOptions(): DistributedSettings {
  return {
    adminUrl: option('pg_admin_url', 'postgres://postgres@127.0.0.1:5432/postgres'),
    natsUrl: option('nats_url', 'nats://127.0.0.1:4222'),
    redisUrl: option('redis_url', 'redis://127.0.0.1:6379'),
  };
}
