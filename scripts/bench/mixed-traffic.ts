import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Platform } from './platforms';
import { PROPERTY_PATHS, seedPublishedListings } from './properties';
import { DECISION_BODIES, locationPaths } from './workload';

/**
 * The soaks' traffic (`npm run bench -- --soak=…`, scripts/bench/soak.ts and sizing-soak.ts): location
 * searches, decisions, property searches and pages, the workspace balance, and beside them a steady
 * trickle of inquiries from buyers signed up through the API (events through the outbox, JetStream
 * and the notification consumers).
 */
export type LoadRequest = NonNullable<Parameters<typeof autocannon>[0]['requests']>[number];
export type LoadOutcome = Parameters<Parameters<typeof autocannon>[1]>[1];

export const SOAK_LISTINGS = 5_000;
/** One inquiry every this many ms: under BUYERS × 10 an hour over a five-minute soak. */
export const INQUIRY_EVERY_MS = 3_500;

export interface MixedTraffic {
  requests: LoadRequest[];
  propertyIds: string[];
  buyers: Buyer[];
  /** Listings added for the property routes (0: no published listing to copy). */
  listings: number;
}

/** The key, a published listing and SOAK_LISTINGS copies of it, the request mix and the buyers. */
export async function prepareMixedTraffic(platform: Platform): Promise<MixedTraffic> {
  const apiKey = await platform.apiKey();
  await publishFirstListing(platform.databaseUrl);
  const listings = await seedPublishedListings(platform.databaseUrl, SOAK_LISTINGS);
  const propertyIds = await propertyIdsOf(platform.baseUrl);
  const buyers = await signUpBuyers(platform.baseUrl);
  return { requests: mixedRequests(apiKey, propertyIds), propertyIds, buyers, listings };
}

/** Reads as users send them: mostly searches, one decision in five, a property page now and then. */
export function mixedRequests(apiKey: string, propertyIds: string[]): LoadRequest[] {
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
export async function publishFirstListing(databaseUrl: string): Promise<void> {
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

export async function propertyIdsOf(baseUrl: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/v1/properties?limit=20`);
  if (!res.ok) return [];
  const body = (await res.json()) as { properties?: { id: string }[] };
  return (body.properties ?? []).map((p) => p.id);
}

/** One autocannon run of the mix; `overallRate` (req/s over all connections) holds the offered load fixed. */
export function loadMix(
  baseUrl: string,
  requests: LoadRequest[],
  settings: { connections: number; durationS: number; overallRate?: number },
): Promise<LoadOutcome> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections: settings.connections,
        duration: settings.durationS,
        requests,
        timeout: 10,
        ...(settings.overallRate ? { overallRate: settings.overallRate } : {}),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** One buyer per inquirer: the gateway takes 10 sign-ups an hour from one address, a buyer 10 inquiries. */
const BUYERS = 10;

export interface Buyer {
  email: string;
  password: string;
}

/** The buyers who send the inquiries, signed up through the API once. */
export async function signUpBuyers(baseUrl: string): Promise<Buyer[]> {
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
export function startInquiries(baseUrl: string, buyers: Buyer[], propertyIds: string[], round: number) {
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
