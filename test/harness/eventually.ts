/** Reads until `done` holds or the time is up, then returns the last value read (for the assertion to show). */
export async function eventually<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Checks until `check` holds; throws when the time is up first (for waits with nothing to show). */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
  intervalMs = 100,
): Promise<void> {
  if (!(await eventually(check, (held) => held, timeoutMs, intervalMs))) throw new Error('condition not met in time');
}
