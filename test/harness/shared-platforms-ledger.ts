import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { E2eMode } from './mode';

/** A shared platform as its suite's globalTeardown finds it: processes to stop, then what they leave. */
export interface SharedPlatformRecord {
  pids: number[];
  databaseUrl: string;
  /** Distributed: where its namespace's event streams are. */
  natsUrl?: string;
  namespace?: string;
}

const ledgerVariable = (mode: E2eMode) => `E2E_${mode.toUpperCase()}_SHARED_PLATFORMS`;

/**
 * Shared platforms are started in jest's workers, which have exited by the time globalTeardown
 * runs in the parent process: each is written down, one JSON line, in a file the suite's
 * globalSetup names (the workers inherit its environment).
 */
export function openLedger(mode: E2eMode): void {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdp-e2e-shared-')), 'platforms.jsonl');
  fs.writeFileSync(file, '');
  process.env[ledgerVariable(mode)] = file;
}

export function recordSharedPlatform(mode: E2eMode, record: SharedPlatformRecord): void {
  const file = process.env[ledgerVariable(mode)];
  // One append per line: O_APPEND keeps two workers' lines whole.
  if (file) fs.appendFileSync(file, `${JSON.stringify(record)}\n`);
}

/** The suite's shared platforms, for its globalTeardown; the ledger goes with them. */
export function takeLedger(mode: E2eMode): SharedPlatformRecord[] {
  const file = process.env[ledgerVariable(mode)];
  if (!file || !fs.existsSync(file)) return [];
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return lines.map((line) => JSON.parse(line) as SharedPlatformRecord);
}

/** SIGTERM to each live process (SIGCONT first: a paused one acts on it only once it runs); returns those signalled. */
export function terminate(pids: number[]): number[] {
  return pids.filter((pid) => {
    try {
      process.kill(pid, 'SIGCONT');
      process.kill(pid, 'SIGTERM');
      return true;
    } catch {
      return false; // already gone
    }
  });
}
