/**
 * The peer's message patterns. Each bench run gives its peer a prefix of its own
 * (BENCH_PEER_PREFIX), so two runs sharing a NATS server never answer each other's requests.
 */
const prefix = process.env.BENCH_PEER_PREFIX ?? 'bench-peer';

export const PEER_PATTERNS = {
  locations: `${prefix}.locations.search`,
  decisions: `${prefix}.decisions.create`,
  properties: `${prefix}.properties.search`,
} as const;

export type PeerKind = keyof typeof PEER_PATTERNS;

/** Injection token of the ClientProxy the HTTP app sends through. */
export const PEER_CLIENT = Symbol('PEER_CLIENT');

/** The validation a NestJS team turns on globally: Nest's own pipe, class-validator and class-transformer as shipped. */
export const PEER_VALIDATION = { whitelist: true, forbidNonWhitelisted: true, transform: true } as const;
