import type { Logger } from '@nestjs/common';

/** How often a replica checks for newer reference data (an import made elsewhere). */
export const REFERENCE_DATA_POLL_MS = 5000;

export interface SnapshotSource<T> {
  /** The version the database holds now: one cheap query. */
  version(): Promise<number>;
  /** Everything, built into what requests read. */
  load(): Promise<{ version: number; value: T; summary: string }>;
  /** Called once requests read the new version; retried at the next poll until it succeeds. */
  loaded?(version: number): Promise<void>;
}

/**
 * Read-mostly reference data (the gazetteer, the benchmarks) held in memory and replaced
 * whole when the database's version moves, so every replica serves an import within the
 * poll interval and requests never wait on the database.
 */
export class VersionedSnapshot<T> {
  private version = -1;
  /** The version `loaded` last succeeded for: the gateway must never believe an older one is served. */
  private announced = -1;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;

  constructor(
    private value: T,
    private readonly source: SnapshotSource<T>,
    private readonly logger: Logger,
  ) {}

  get current(): T {
    return this.value;
  }

  /** Loads now, then polls until stop(). */
  async start(pollMs = REFERENCE_DATA_POLL_MS): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh().catch((err: unknown) => this.logger.warn(String(err))), pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async announce(): Promise<void> {
    const version = this.version;
    try {
      await this.source.loaded?.(version);
      this.announced = version;
    } catch (err) {
      this.logger.warn(`v${version} not announced yet: ${String(err)}`);
    }
  }

  /** Reloads when the database holds a newer version; concurrent calls share one reload. */
  refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        if ((await this.source.version()) !== this.version) {
          const { version, value, summary } = await this.source.load();
          this.value = value;
          this.version = version;
          this.logger.log(`v${version}: ${summary}`);
        }
        if (this.announced !== this.version) await this.announce();
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }
}
