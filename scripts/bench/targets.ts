import type { Mode } from './platforms';

/**
 * Issue 29's targets, as ratios measured in the same run: each route against its bare
 * baseline (the limit) and against its NestJS peer (what users would otherwise run), and its
 * p99 against the bare baseline's p99.
 */
export const PEER_TARGET = 1.5;
export const P99_TARGET = 2;
/** Route ÷ bare, per route and mode; a route absent here has no throughput target against its bare baseline. */
export const BARE_TARGETS: Record<string, Record<Mode, number>> = {
  'GET /v1/locations': { standalone: 0.25, distributed: 0.2 },
  'POST /v1/decisions': { standalone: 0.5, distributed: 0.5 },
  'GET /v1/properties': { standalone: 0.6, distributed: 0.6 },
};
export const MCP_TARGET = 0.6;

/** Throughput and latency of one run (a subset of LoadResult). */
export interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export interface Verdict {
  /** What is asked, e.g. `route/peer ≥ 1.5`. */
  target: string;
  /** The exact measured value the target is judged on (the report rounds it). */
  value: number;
  met: boolean;
}

/** The ratios of a route to its baselines, rounded to two places for the report. */
export interface Ratios {
  /** route ÷ bare requests per second. */
  bare: number;
  /** route ÷ peer requests per second, when a peer ran. */
  peer?: number;
  /** route p99 ÷ bare p99. */
  p99: number;
}

export function ratios(route: Figures, bare: Figures, peer?: Figures): Ratios {
  return {
    bare: round(route.requestsPerSecond / Math.max(bare.requestsPerSecond, 1)),
    ...(peer ? { peer: round(route.requestsPerSecond / Math.max(peer.requestsPerSecond, 1)) } : {}),
    p99: round(route.p99Ms / Math.max(bare.p99Ms, 1)),
  };
}

/**
 * The verdicts of one route in one mode, judged on exact ratios: its ratio to bare (when the
 * issue sets one for it), to the peer (when a peer ran) and its p99 against bare's.
 */
export function verdicts(route: string, mode: Mode, measured: Figures, bare: Figures, peer?: Figures): Verdict[] {
  const found: Verdict[] = [];
  const bareTarget = BARE_TARGETS[route]?.[mode];
  if (bareTarget !== undefined)
    found.push(atLeast('route/bare', measured.requestsPerSecond, bare.requestsPerSecond, bareTarget));
  if (peer) found.push(atLeast('route/peer', measured.requestsPerSecond, peer.requestsPerSecond, PEER_TARGET));
  found.push(atMost('p99/bare p99', measured.p99Ms, bare.p99Ms, P99_TARGET));
  return found;
}

/** `name ≥ target` on numerator ÷ denominator. */
export function atLeast(name: string, numerator: number, denominator: number, target: number): Verdict {
  const value = numerator / Math.max(denominator, 1);
  return { target: `${name} ≥ ${target}`, value, met: value >= target };
}

/** `name ≤ target` on numerator ÷ denominator. */
export function atMost(name: string, numerator: number, denominator: number, target: number): Verdict {
  const value = numerator / Math.max(denominator, 1);
  return { target: `${name} ≤ ${target}`, value, met: value <= target };
}

/** `route/peer ≥ 1.5: MISSED (1.21)`. */
export function describeVerdict(verdict: Verdict): string {
  return `${verdict.target}: ${verdict.met ? 'met' : 'MISSED'} (${verdict.value.toFixed(2)})`;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
