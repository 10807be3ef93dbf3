/** What must be stopped if a bench ends early (Ctrl-C, an error). */
const running = new Set<{ stop(): Promise<void> }>();

/** Runs `work` with the resource, then stops it, whatever happens. */
export async function using<T extends { stop(): Promise<void> }, R>(
  resource: T,
  work: (resource: T) => Promise<R>,
): Promise<R> {
  running.add(resource);
  try {
    return await work(resource);
  } finally {
    running.delete(resource);
    await resource.stop();
  }
}

export async function stopEverything(): Promise<void> {
  await Promise.allSettled([...running].map((resource) => resource.stop()));
}

/** Runs a bench's main: Ctrl-C or an error stops every process it started first. */
export function runBench(name: string, main: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stdout.write(`\n${signal}: stopping every process the bench started…\n`);
      void stopEverything().finally(() => process.exit(130));
    });
  }
  main().catch(async (err: unknown) => {
    process.stderr.write(`${name}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    await stopEverything();
    process.exit(1);
  });
}
