import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { readMemory } from './memory';
import type { MemoryReading } from './memory';
import { distributedOptions, positiveOption } from './options';
import { distributedUnavailable, startDistributed } from './platforms';
import { PROPERTY_PATHS, seedPublishedListings } from './properties';
import { using } from './running';
import { DECISION_BODIES, locationPaths } from './workload';

type LoadRequest = NonNullable<Parameters<typeof autocannon>[0]['requests']>[number];
type Result = Parameters<Parameters<typeof autocannon>[1]>[1];

/**
 * `npm run bench -- --soak=<seconds>`: mixed traffic on the distributed platform (a process per
 * app) for that long, in one-minute rounds — location searches, decisions, property searches
 * and pages, and beside them a steady trickle of inquiries from buyers signed up through the API
 * (events through the outbox, JetStream and the notification consumers) — printing every
 * process's resident memory after each minute. Verdict: no process's RSS from minute 2 on rises
 * more than SOAK_TOLERANCE above its minute-2 reading (minute 1 is warm-up: JIT, pools, caches);
 * dips (the collector handing memory back) are printed beside it.
 * Options: soak (s), connections.
 */
const ROUND_S = 60;
const SOAK_TOLERANCE = 0.1;
const SOAK_LISTINGS = 5_000;
/** One inquiry every this many ms: under BUYERS × 10 an hour over a five-minute soak. */
const INQUIRY_EVERY_MS = 3_500;

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
    const apiKey = await platform.apiKey();
    await publishFirstListing(platform.databaseUrl);
    const places = await seedPublishedListings(platform.databaseUrl, SOAK_LISTINGS);
    const propertyIds = await propertyIdsOf(platform.baseUrl);
    const requests = mixedRequests(apiKey, propertyIds);
    const buyers = await signUpBuyers(platform.baseUrl);
    const minutes = Math.max(1, Math.ceil(seconds / ROUND_S));
    process.stdout.write(
      `Soak: ${minutes} × ${ROUND_S} s of mixed traffic, ${connections} connections, ` +
        `${places > 0 ? `${SOAK_LISTINGS} listings added` : 'no published listing to copy'}, ` +
        `an inquiry every ${INQUIRY_EVERY_MS / 1000} s from ${buyers.length} buyers\n`,
    );
    const rounds: SoakRound[] = [];
    for (let minute = 1; minute <= minutes; minute++) {
      const inquiries = startInquiries(platform.baseUrl, buyers, propertyIds, minute);
      const result = await load(platform.baseUrl, requests, connections, Math.min(ROUND_S, seconds));
      const sent = await inquiries.stop();
      const round = roundOf(minute, result, sent, readMemory(platform.memoryGroups()));
      rounds.push(round);
      printRound(round);
    }
    printVerdict(rounds);
  });
}

/** Reads as users send them: mostly searches, one decision in five, a property page now and then. */
function mixedRequests(apiKey: string, propertyIds: string[]): LoadRequest[] {
  const auth = { authorization: `Bearer ${apiKey}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const locations = locationPaths();
  const mix: LoadRequest[] = [];
  for (let i = 0; i < 40; i++) {
    mix.push({ method: 'GET', path: locations[i % locations.length], headers: auth });
    mix.push({ method: 'GET', path: PROPERTY_PATHS[i % PROPERTY_PATHS.length] });
    mix.push({
      method: 'POST',
      path: '/v1/decisions',
      headers: json,
      body: JSON.stringify(DECISION_BODIES[i % DECISION_BODIES.length]),
    });
    if (propertyIds.length > 0)
      mix.push({ method: 'GET', path: `/v1/properties/${propertyIds[i % propertyIds.length]}` });
    mix.push({ method: 'GET', path: '/v1/workspace/balance', headers: auth });
  }
  return mix;
}

/**
 * Distributed mode seeds no demo catalogue: one published listing of the bench's broker, in
 * Riyadh's Al Olaya (the gazetteer seed's ids), for seedPublishedListings to copy from.
 */
async function publishFirstListing(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO catalogue.listings (workspace_id, status, property_type, title_en, title_ar, price, currency,
         price_sar, country_code, city_id, district_id, city_en, city_ar, district_en, district_ar, time_zone,
         area_sqm, bedrooms, bathrooms, listed_at)
       SELECT id, 'published', 'apartment', 'Soak apartment', 'شقة اختبار التحمل', 1200000, 'SAR', 1200000, 'SA', 3,
              10100003075, 'Riyadh', 'الرياض', 'Al Olaya', 'حي العليا', 'Asia/Riyadh', 150, 3, 2, now()
         FROM identity.workspaces WHERE kind = 'broker' ORDER BY created_at LIMIT 1`,
    );
  } finally {
    await client.end();
  }
}

async function propertyIdsOf(baseUrl: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/v1/properties?limit=20`);
  if (!res.ok) return [];
  const body = (await res.json()) as { properties?: { id: string }[] };
  return (body.properties ?? []).map((p) => p.id);
}

function load(baseUrl: string, requests: LoadRequest[], connections: number, durationS: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url: baseUrl, connections, duration: durationS, requests, timeout: 10 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/** One buyer per inquirer: the gateway takes 10 sign-ups an hour from one address, a buyer 10 inquiries. */
const BUYERS = 10;

interface Buyer {
  email: string;
  password: string;
}

/** The buyers who send the inquiries, signed up through the API once. */
async function signUpBuyers(baseUrl: string): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const buyer = { email: `soak-${randomBytes(5).toString('hex')}@example.com`, password: 'soak-buyer-password-2025' };
    const res = await post(baseUrl, '/v1/accounts', {
      ...buyer,
      name: 'نورة الحربي',
      phone: '0551234567',
      role: 'buyer',
    });
    if (res.ok) buyers.push(buyer);
  }
  return buyers;
}

/** Inquiries at a steady pace, each buyer in turn on the next listing, signed in afresh each round. */
function startInquiries(baseUrl: string, buyers: Buyer[], propertyIds: string[], round: number) {
  const answered: Record<string, number> = {};
  let sent = 0;
  let stopping = false;
  const loop = (async () => {
    const tokens = await Promise.all(buyers.map((buyer) => login(baseUrl, buyer)));
    while (!stopping && buyers.length > 0 && propertyIds.length > 0) {
      const started = Date.now();
      const n = round * 1000 + sent;
      const token = tokens[n % buyers.length];
      const status = token
        ? await post(
            baseUrl,
            '/v1/inquiries',
            {
              property_id: propertyIds[Math.floor(n / buyers.length) % propertyIds.length],
              question: 'هل العقار متاح للمعاينة هذا الأسبوع؟',
            },
            token,
          ).then(
            (res) => String(res.status),
            () => 'error',
          )
        : 'no token';
      sent++;
      answered[status] = (answered[status] ?? 0) + 1;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, INQUIRY_EVERY_MS - (Date.now() - started))));
    }
  })();
  return {
    stop: async () => {
      stopping = true;
      await loop;
      return { sent, answered };
    },
  };
}

async function login(baseUrl: string, buyer: Buyer): Promise<string | undefined> {
  const res = await post(baseUrl, '/v1/auth/login', buyer);
  return res.ok ? ((await res.json()) as { access_token: string }).access_token : undefined;
}

function post(baseUrl: string, route: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

function roundOf(
  minute: number,
  result: Result,
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
