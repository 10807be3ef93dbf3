import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import {
  BillingRpc,
  CreateInquiryBody,
  CreateInquiryRequest,
  ListLeadsQuery,
  ListLeadsRequest,
  ListingsRpc,
  decisionCost,
  pageOf,
} from '@app/contracts';
import type { DebitRequest, DecisionResponse, ListingOwnerRequest } from '@app/contracts';
import { AppError, insufficientBalance } from '@app/errors';
import { Outbox } from '@app/messaging';
import type { RpcClient } from '@app/messaging';
import { ImageUrls } from '../../apps/catalogue/src/listings/image-urls';
import { ListingsRepository } from '../../apps/catalogue/src/listings/listings.repository';
import { ListingsService } from '../../apps/catalogue/src/listings/listings.service';
import { PriceHistoryRepository } from '../../apps/catalogue/src/listings/price-history.repository';
import { PropertiesRepository } from '../../apps/catalogue/src/properties/properties.repository';
import { PropertiesService } from '../../apps/catalogue/src/properties/properties.service';
import { searchLocations } from '../../apps/decision/src/locations/location-search';
import { LeadBillingClient } from '../../apps/leads/src/billing/lead-billing.client';
import { CrmService } from '../../apps/leads/src/crm/crm.service';
import { LeadCharges } from '../../apps/leads/src/crm/lead-charges';
import { LeadsRepository } from '../../apps/leads/src/crm/leads.repository';
import { ConversationsRepository } from '../../apps/leads/src/conversations/conversations.repository';
import type { MessageRow } from '../../apps/leads/src/conversations/conversations.repository';
import { toMessageResponse } from '../../apps/leads/src/conversations/conversation.dto';
import { KnowledgeAnswererService } from '../../apps/leads/src/knowledge/knowledge-answerer.service';
import { KnowledgeRepository } from '../../apps/leads/src/knowledge/knowledge.repository';
import { KnowledgeRetriever } from '../../apps/leads/src/knowledge/knowledge-retriever';
import { writtenLanguage } from '../../apps/leads/src/knowledge/knowledge-text';
import { InquiriesRepository } from '../../apps/leads/src/inquiries/inquiries.repository';
import { InquiriesService } from '../../apps/leads/src/inquiries/inquiries.service';
import { CatalogueClient } from '../../apps/leads/src/listings/catalogue.client';
import {
  benchWorkspace,
  debit,
  debitDecision,
  loadLocationIndex,
  openDataSource,
  propertySearch,
  storeDecision,
} from './route-work';
import type { Sql } from './route-work';
import { bodyOf, queryOf, searchQueryOf } from './search-query';

/**
 * The baselines: a bare node:http server, in its own process like the platform, doing the
 * work a route cannot avoid and nothing else. Started by baseline.ts with BENCH_BASELINE (the
 * route, a BaselineKind), BENCH_DATABASE_URL (the platform's database) and, for leads,
 * BENCH_WORKSPACE_ID (whose leads); reports its port over IPC.
 */
type Handler = (url: URL, body: string) => Promise<{ status: number; json: unknown }>;

/** Image keys to URLs as a standalone catalogue makes them (the answers' size, not their host, matters here). */
const IMAGE_URLS = new ImageUrls({ PUBLIC_URL: 'http://127.0.0.1:3000', PORT: 3000 } as never, { mode: 'standalone' });

/** The same in-memory search over the same gazetteer, read from the platform's database as the service reads it. */
async function locationsHandler(databaseUrl: string): Promise<Handler> {
  const dataSource = await openDataSource(databaseUrl, 'bench-baseline', 2);
  const index = await loadLocationIndex(dataSource);
  await dataSource.destroy();
  return (url) => answer(() => Promise.resolve(searchLocations(index, Object.fromEntries(url.searchParams))));
}

/**
 * The SQL a scoring-only decision costs, the very statements the route runs: billing's
 * one-statement debit and the decision service's INSERT of the answer, one round trip each,
 * on the platform's own tables for a workspace of the baseline's own.
 */
async function decisionsHandler(sql: Sql): Promise<Handler> {
  const workspaceId = await benchWorkspace(sql);
  return async (_url, body) => {
    const request = JSON.parse(body) as { reasoning?: unknown };
    const id = randomUUID();
    const balance = await debitDecision(sql, workspaceId, id, decisionCost(request.reasoning));
    if (balance === undefined) return { status: 402, json: { error: 'insufficient_decisions' } };
    const response = { ...SAMPLE_RESPONSE, id, credits_remaining: balance, created_at: new Date().toISOString() };
    await storeDecision(sql, workspaceId, request, response);
    return { status: 200, json: response };
  };
}

/** GET /v1/properties' statement (route-work.ts), its query checked as the gateway checks it. */
async function propertiesHandler(sql: Sql): Promise<Handler> {
  const search = await propertySearch(sql);
  return (url) => answer(async () => search(await searchQueryOf(url.searchParams)));
}

/**
 * GET /v1/properties/{id}: the catalogue's detail (the listing, its images, its price trend:
 * the catalogue's own service and repositories) and the owner lookup the gateway asks next.
 * Not the broker's name and badge (identity's workspace row, the catalogue's verification),
 * which the route adds: the bare server does less than the route.
 */
async function propertyHandler(databaseUrl: string): Promise<Handler> {
  const dataSource = await openDataSource(databaseUrl, 'bench-baseline');
  const listings = new ListingsRepository(dataSource);
  // The detail needs no decision client (only price-intel asks the decision service).
  const catalogue = new PropertiesService(
    new PropertiesRepository(dataSource),
    listings,
    IMAGE_URLS,
    undefined as never,
    new PriceHistoryRepository(dataSource),
  );
  return (url) =>
    answer(async () => {
      const detail = await catalogue.get({ id: url.pathname.split('/').pop() ?? '' });
      const owner = await listings.findAny(detail.id);
      return { ...detail, broker: owner?.workspace_id ? { workspace_id: owner.workspace_id } : null };
    });
}

/**
 * GET /v1/workspace/leads: the query checked as the gateway checks it, then the leads service's
 * own list (its repository's one statement, its mapping) for the bench's workspace.
 */
async function leadsHandler(databaseUrl: string, workspaceId: string): Promise<Handler> {
  const dataSource = await openDataSource(databaseUrl, 'bench-baseline');
  // Listing needs neither the lead charges nor the catalogue client.
  const crm = new CrmService(new LeadsRepository(dataSource), undefined as never, undefined as never);
  return (url) =>
    answer(async () => {
      const query = await queryOf(ListLeadsQuery, url.searchParams);
      return crm.list(
        Object.assign(new ListLeadsRequest(), query, pageOf(query), {
          workspace_id: workspaceId,
          account_id: workspaceId,
        }),
      );
    });
}

/**
 * POST /v1/inquiries: the body checked as the gateway checks it, then the leads service's own
 * create (the per-buyer hourly count under its lock, the lead, the inquiry, the outbox rows, the
 * lead's charge), its two calls (the catalogue's owner lookup, billing's debit) made in this
 * process through the catalogue's service and billing's statement instead of over a transport.
 * Each request comes from a new buyer (a random id): the bare server has no sign-in, and the
 * gateway's read of the buyer's account is not in it.
 */
async function inquiriesHandler(databaseUrl: string): Promise<Handler> {
  const dataSource = await openDataSource(databaseUrl, 'bench-baseline');
  const sql: Sql = (text, params) => dataSource.query(text, params);
  const outbox = new Outbox();
  // The owner lookup reads the listing only: no decision client or saved-search alerts needed.
  const listings = new ListingsService(
    new ListingsRepository(dataSource),
    undefined as never,
    outbox,
    IMAGE_URLS,
    new PriceHistoryRepository(dataSource),
    undefined as never,
  );
  const calls = {
    [ListingsRpc.owner.pattern]: (request: ListingOwnerRequest) => listings.owner(request),
    [BillingRpc.debit.pattern]: async (request: DebitRequest) => {
      const entry = await debit(sql, {
        workspaceId: request.workspace_id,
        asset: request.asset,
        amount: request.amount,
        reference: request.reference ?? request.reason,
        requestId: request.request_id,
      });
      if (!entry) throw insufficientBalance(request.asset, request.amount, 0);
      return { entry_id: entry.id, balance: entry.balance_after };
    },
  } as Record<string, (request: never) => Promise<unknown>>;
  const direct = {
    call: (descriptor: { pattern: string }, request: never) => calls[descriptor.pattern](request),
  } as unknown as RpcClient;
  const inquiries = new InquiriesService(
    new InquiriesRepository(dataSource),
    new CatalogueClient(direct),
    new LeadCharges(new LeadsRepository(dataSource), new LeadBillingClient(direct), outbox),
    outbox,
  );
  return (_url, body) =>
    answer(async () => {
      const checked = await bodyOf(CreateInquiryBody, JSON.parse(body));
      const buyer = { account_id: randomUUID(), name: 'نورة القحطاني', email: 'bench-buyer@example.com', phone: null };
      return inquiries.create(
        Object.assign(new CreateInquiryRequest(), checked, {
          buyer,
          preferred_contact: checked.preferred_contact ?? 'whatsapp',
        }),
      );
    }, 201);
}

/**
 * The widget's message round trip: the visitor's message stored under the chat's lock, the last
 * turns read, the project's knowledge base asked by the answerer the widget uses (offline), the
 * answer stored under the lock again, all through the leads service's own classes; answered in
 * the request (the route streams it). Not in it: the visitor token, the limits, the stream.
 */
type Citations = MessageRow['citations'];

async function widgetHandler(databaseUrl: string): Promise<Handler> {
  const dataSource = await openDataSource(databaseUrl, 'bench-baseline');
  const conversations = new ConversationsRepository(dataSource);
  // The bench asks no price question, so the project's live unit list (the catalogue) is never read.
  const answerer = new KnowledgeAnswererService(
    new KnowledgeRetriever(new KnowledgeRepository(dataSource)),
    undefined as never,
    null,
  );
  const store = (sessionId: string, author: 'visitor' | 'assistant', text: string, citations: Citations = []) =>
    conversations.transaction(async (tx) => {
      const session = await conversations.lock(tx, sessionId);
      const message = await conversations.addMessage(tx, {
        session_id: session.id,
        author,
        author_id: null,
        text,
        citations,
      });
      return { session, message };
    });
  return (url, body) =>
    answer(async () => {
      const { text } = JSON.parse(body) as { text: string };
      const { session } = await store(url.pathname.split('/')[3] ?? '', 'visitor', text);
      const turns = await conversations.recentTurns(session.id, 7);
      const language = writtenLanguage(text, session.language);
      const reply = await answerer.answer({
        workspaceId: session.workspace_id,
        projectId: session.project_id,
        question: text,
        language,
        history: turns.slice(0, -1).map((turn) => ({ role: turn.author as 'visitor', text: turn.text })),
      });
      if (reply.kind !== 'answer')
        throw new AppError('not_found', 'The knowledge base has no answer to this question.');
      const { message } = await store(session.id, 'assistant', reply.text, reply.citations);
      return { message: toMessageResponse(message) };
    }, 201);
}

/** `status` (200) with the work's answer, or the registry error it threw in its shape. */
async function answer(work: () => Promise<unknown>, status = 200): Promise<{ status: number; json: unknown }> {
  try {
    return { status, json: await work() };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.status, json: err.toEnvelope() };
  }
}

/** An answer of the route's size and shape, stored and returned by the baseline. */
const SAMPLE_RESPONSE: DecisionResponse = {
  object: 'decision',
  id: '',
  verdict: 'partial',
  score: 55,
  breakdown: {
    price: { score: 40, status: 'warn' },
    location: { score: 65, status: 'warn' },
    size: { score: 50, status: 'warn' },
    details: { score: 80, status: 'pass' },
  },
  price_per_sqm: 8000,
  benchmark: {
    median_sqm: 6199,
    p25_sqm: 5774,
    p75_sqm: 6670,
    year: 2025,
    transaction_count: 10,
    yoy_pct: 7.8,
    scope: 'district',
  },
  location: {
    city_id: 3,
    city_name_en: 'Riyadh',
    city_name_ar: 'الرياض',
    district_id: 10100003075,
    district_name_en: 'Al Olaya',
    district_name_ar: 'حي العليا',
  },
  credits_used: 1,
  credits_remaining: 0,
  decisions_used: 1,
  decisions_remaining: 0,
  created_at: '',
};

async function main(): Promise<void> {
  const kind = process.env.BENCH_BASELINE;
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required');
  const pool = new Pool({ connectionString: databaseUrl, max: 10, application_name: 'bench-baseline' });
  const sql: Sql = async <T>(text: string, params: unknown[]) => (await pool.query(text, params)).rows as T[];
  const handlers: Record<string, () => Promise<Handler>> = {
    locations: () => locationsHandler(databaseUrl),
    decisions: () => decisionsHandler(sql),
    properties: () => propertiesHandler(sql),
    property: () => propertyHandler(databaseUrl),
    leads: () => leadsHandler(databaseUrl, process.env.BENCH_WORKSPACE_ID ?? ''),
    inquiries: () => inquiriesHandler(databaseUrl),
    widget: () => widgetHandler(databaseUrl),
  };
  const make = kind === undefined ? undefined : handlers[kind];
  if (!make) throw new Error(`BENCH_BASELINE must be one of ${Object.keys(handlers).join(', ')}`);
  const handler = await make();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handler(new URL(req.url ?? '/', 'http://baseline'), Buffer.concat(chunks).toString('utf8'))
        .catch((err: unknown) => ({ status: 500, json: { error: { code: 'internal_error', message: String(err) } } }))
        .then(({ status, json }) => {
          res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify(json));
        })
        .catch(() => res.destroy());
    });
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));

  const stop = async () => {
    server.close();
    server.closeAllConnections();
    await pool.end();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  // The bench process died without stopping us (SIGKILL): do not outlive it.
  process.once('disconnect', () => void stop());
}

main().catch((err: unknown) => {
  process.stderr.write(`baseline: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
