import { Client } from 'pg';
import type { OneShot } from './one-shot-load';
import { logIn, signUp } from './platforms';

/** The route's own limit: inquiries per buyer per rolling hour. Each bench buyer sends exactly that many. */
export const INQUIRIES_PER_BUYER = 10;
const LOGINS_IN_FLIGHT = 4;

const QUESTIONS = [
  'هل الشقة متاحة للمعاينة يوم السبت؟',
  'Is the price negotiable, and are service charges included?',
  'كم رسوم الصيانة السنوية؟ وهل يوجد موقف خاص؟',
  'Can I see the title deed before a viewing?',
];

/**
 * `count` buyers signed in, their access tokens: one signs up through the API, the others are
 * copies of its account (same password hash, their own e-mail) made in SQL, since hashing a
 * password per sign-up is what costs; then every one logs in through the API.
 */
export async function buyerTokens(baseUrl: string, databaseUrl: string, count: number): Promise<string[]> {
  const first = await signUp(baseUrl, { name: 'نورة القحطاني', role: 'buyer' });
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  let copies: string[];
  try {
    const { rows } = await client.query<{ email: string }>(
      `INSERT INTO identity.accounts (email, email_normalized, password_hash, name, phone, role, language, email_verified_at)
       SELECT $2 || i || '@example.com', $2 || i || '@example.com', password_hash, name || ' ' || i, phone, role, language, now()
         FROM identity.accounts, generate_series(1, $3::int) i WHERE email_normalized = $1
       RETURNING email`,
      [first.email, first.email.replace('@example.com', '-'), count - 1],
    );
    copies = rows.map(({ email }) => email);
  } finally {
    await client.end();
  }
  const tokens = [first.token];
  for (let i = 0; i < copies.length; i += LOGINS_IN_FLIGHT) {
    const logins = copies.slice(i, i + LOGINS_IN_FLIGHT).map((email) => logIn(baseUrl, email, first.password));
    tokens.push(...(await Promise.all(logins)));
  }
  return tokens;
}

/** Published listings of the workspace, the ones its buyers ask about (each inquiry on another listing: a new lead). */
export async function workspaceListings(databaseUrl: string, workspaceId: string, count: number): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM catalogue.listings WHERE workspace_id = $1 AND status = 'published' LIMIT $2`,
      [workspaceId, count],
    );
    return rows.map(({ id }) => id);
  } finally {
    await client.end();
  }
}

/**
 * POST /v1/inquiries, INQUIRIES_PER_BUYER per token, each on another listing, in a mixed order
 * so that no buyer's ten are sent at once. A token '' sends none (the bare server takes any).
 */
export function inquiryRequests(baseUrl: string, tokens: string[], listingIds: string[]): OneShot[] {
  const requests: OneShot[] = [];
  for (let round = 0; round < INQUIRIES_PER_BUYER; round++) {
    tokens.forEach((token, buyer) => {
      const body = {
        property_id: listingIds[(buyer * INQUIRIES_PER_BUYER + round) % listingIds.length],
        question: QUESTIONS[(buyer + round) % QUESTIONS.length],
        preferred_contact: 'whatsapp',
      };
      requests.push({
        send: async () => {
          const res = await fetch(`${baseUrl}/v1/inquiries`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            body: JSON.stringify(body),
          });
          await res.arrayBuffer();
          return res.status;
        },
      });
    });
  }
  return requests;
}
