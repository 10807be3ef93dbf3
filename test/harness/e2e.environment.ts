import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { TestEnvironment } from 'jest-environment-node';
import type { E2eMode } from './mode';
import { terminate } from './shared-platforms-ledger';

/**
 * A shared platform as the jest process holds it, beyond the test file that started it. Its
 * code ran in that file's sandbox, which jest has torn down by the end of the run (jest 30
 * refuses to load modules for it then): what outlives it does nothing that loads a module.
 */
export interface SharedPlatformSlot {
  /** The suite it serves: each suite's globalTeardown stops its own. */
  mode: E2eMode;
  /** The platform, once started (typed by test/harness/platform.ts, which starts it). */
  started: Promise<unknown>;
  /** Its processes (none before it has started). */
  pids(): number[];
}

declare global {
  var __E2E_SHARED_PLATFORMS__: Map<string, SharedPlatformSlot> | undefined;
}

/**
 * Every test file of a jest process sees one registry of shared platforms (test files run in
 * sandboxes of their own; this module runs outside them, once per process). Platforms started
 * by one file serve the next; the process's exit signals them, and the suite's globalTeardown
 * waits for them and removes what they leave (test/harness/shared-platforms-ledger.ts).
 */
const registry = (globalThis.__E2E_SHARED_PLATFORMS__ ??= new Map());
process.once('exit', () => {
  for (const slot of registry.values()) terminate(slot.pids());
});

export default class E2eEnvironment extends TestEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.global.__E2E_SHARED_PLATFORMS__ = registry;
  }
}
