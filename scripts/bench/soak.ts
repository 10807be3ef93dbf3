import { readMemory } from './memory';
import type { MemoryReading } from './memory';
import { distributedOptions, positiveOption } from './options';
import { distributedUnavailable, startDistributed } from './platforms';
import { INQUIRY_EVERY_MS, SOAK_LISTINGS, loadMix, prepareMixedTraffic, startInquiries } from './mixed-traffic';
import type { LoadOutcome } from './mixed-traffic';
import { using } from './running';

/**
 * `npm run bench -- --soak=<seconds>`: the leak soak. Mixed traffic (scripts/bench/mixed-traffic.ts)
 * on the distributed platform (a process per app) for that long, in one-minute rounds, printing every
 * process's resident memory after each minute. Verdict: no process's RSS from minute 2 on rises
 * more than SOAK_TOLERANCE above its minute-2 reading (minute 1 is warm-up: JIT, pools, caches);
 * dips (the collector handing memory back) are printed beside it.
 * Options: soak (s), connections.
 */
const ROUND_S = 60;
const SOAK_TOLERANCE = 0.1;

export interface SoakRound {
  minute: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  statusCodes: Record<string, number>;
  inquiries: { sent: number; answered: Record<string, number> };
  memory: MemoryReading[];
}

export async function soak(seconds: number): Promise<void> {
  const settings = distributedOptions();
  const unavailable = await distributedUnavailable(settings);
  if (unavailable) throw new Error(`soak needs the distributed mode: ${unavailable}`);
  const connections = positiveOption('connections', 20);
  process.stdout.write('Starting the distributed platform…\n');
  const platform = await startDistributed(settings);
  await using(platform, async () => {
    const { requests, propertyIds, buyers, listings: places } = await prepareMixedTraffic(platform);
    const minutes = Math.max(1, Math.ceil(seconds / ROUND_S));
    process.stdout.write(
      `Soak: ${minutes} × ${ROUND_S} s of mixed traffic, ${connections} connections, ` +
        `${places > 0 ? `${SOAK_LISTINGS} listings added` : 'no published listing to copy'}, ` +
        `an inquiry every ${INQUIRY_EVERY_MS / 1000} s from ${buyers.length} buyers\n`,
    );
    const rounds: SoakRound[] = [];
    for (let minute = 1; minute <= minutes; minute++) {
      const inquiries = startInquiries(platform.baseUrl, buyers, propertyIds, minute);
      const result = await loadMix(platform.baseUrl, requests, { connections, durationS: Math.min(ROUND_S, seconds) });
      const sent = await inquiries.stop();
      const round = roundOf(minute, result, sent, readMemory(platform.memoryGroups()));
      rounds.push(round);
      printRound(round);
    }
    printVerdict(rounds);
  });
}

function roundOf(
  minute: number,
  result: LoadOutcome,
  inquiries: SoakRound['inquiries'],
  memory: MemoryReading[],
): SoakRound {
  return {
    minute,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    errors: result.non2xx + result.errors + result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
    inquiries,
    memory,
  };
}

function printRound(round: SoakRound): void {
  const memory = round.memory.map((m) => `${m.label} ${m.rssMb}`).join(', ');
  process.stdout.write(
    `minute ${round.minute}: ${round.requests} requests (${round.requestsPerSecond} req/s, ` +
      `statuses ${JSON.stringify(round.statusCodes)}, ${round.errors} not 2xx), ` +
      `inquiries ${round.inquiries.sent} ${JSON.stringify(round.inquiries.answered)}\n` +
      `  RSS MB: ${memory}\n`,
  );
}

/**
 * Per process, from minute 2 on: growth is the highest reading above the minute-2 one (what a
 * leak shows), dip the lowest below it (the collector handing memory back), both in %.
 */
export function soakVerdict(
  rounds: Pick<SoakRound, 'memory'>[],
): { label: string; growth: number; dip: number; flat: boolean }[] {
  const settled = rounds.slice(1);
  if (settled.length === 0) return [];
  const percent = (value: number) => Math.round(value * 1000) / 10;
  return settled[0].memory.map(({ label, rssMb: reference }) => {
    const readings = settled.map((r) => r.memory.find((m) => m.label === label)?.rssMb ?? 0);
    const growth = (Math.max(...readings) - reference) / Math.max(reference, 1);
    const dip = (reference - Math.min(...readings)) / Math.max(reference, 1);
    return { label, growth: percent(growth), dip: percent(dip), flat: growth <= SOAK_TOLERANCE };
  });
}

function printVerdict(rounds: SoakRound[]): void {
  const verdicts = soakVerdict(rounds);
  if (verdicts.length === 0) {
    process.stdout.write('Verdict: too short to judge (needs 2 minutes or more)\n');
    return;
  }
  for (const v of verdicts)
    process.stdout.write(
      `  ${v.label.padEnd(14)} from minute 2: grew at most ${v.growth} %, dipped at most ${v.dip} %\n`,
    );
  const flat = verdicts.every((v) => v.flat);
  process.stdout.write(
    flat
      ? `Verdict: flat within ${SOAK_TOLERANCE * 100} % after warm-up\n`
      : `Verdict: NOT flat: ${verdicts
          .filter((v) => !v.flat)
          .map((v) => v.label)
          .join(', ')} grew by more than ${SOAK_TOLERANCE * 100} % after warm-up\n`,
  );
  if (!flat) process.exitCode = 1;
}
