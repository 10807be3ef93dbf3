import { Client } from 'pg';

/** GET /v1/workspace/leads' bench: how many leads the workspace has, and the broker's usual views of them. */
export const WORKSPACE_LEADS = 5_000;

export const LEADS_PATHS = [
  '/v1/workspace/leads',
  '/v1/workspace/leads?stage=new',
  '/v1/workspace/leads?locked=false&limit=50',
  '/v1/workspace/leads?stage=viewing&outcome=still_interested',
  '/v1/workspace/leads?offset=40',
];

/**
 * Gives the workspace `count` leads on its published listings (any listing when it has none),
 * from buyers with Arabic names, over every stage and outcome, a quarter of them locked, in one
 * statement, then ANALYZEs the table: what a busy broker's CRM holds.
 */
export async function seedLeads(databaseUrl: string, workspaceId: string, count = WORKSPACE_LEADS): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `WITH listings AS (
         SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM (
           SELECT id FROM catalogue.listings WHERE workspace_id = $1 AND status = 'published' LIMIT 500) l),
       total AS (SELECT count(*) AS c FROM listings)
       INSERT INTO leads.leads (workspace_id, listing_id, buyer_id, buyer_name, buyer_email, buyer_phone,
         preferred_contact, source, stage, outcome, locked, charged_at, created_at, updated_at)
       SELECT $1, COALESCE(l.id, gen_random_uuid()), gen_random_uuid(), 'مشتري رقم ' || i, 'buyer' || i || '@example.com',
              '+9665' || lpad((i % 100000000)::text, 8, '0'),
              (ARRAY['whatsapp', 'phone', 'email'])[1 + i % 3], (ARRAY['inquiry', 'booking', 'phone_reveal'])[1 + i % 3],
              (ARRAY['new', 'contacted', 'viewing', 'negotiating', 'closed'])[1 + i % 5],
              (ARRAY[NULL, 'bought', 'still_interested', 'not_interested'])[1 + i % 4],
              i % 4 = 0, CASE WHEN i % 4 = 0 THEN NULL ELSE now() - i * interval '1 minute' END,
              now() - i * interval '1 minute', now() - i * interval '1 minute'
         FROM generate_series(1, $2::int) i
         LEFT JOIN listings l ON l.n = i % GREATEST((SELECT c FROM total), 1)`,
      [workspaceId, count],
    );
    await client.query('ANALYZE leads.leads');
  } finally {
    await client.end();
  }
}
