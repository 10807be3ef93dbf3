import { DecisionsRpc } from './decisions.contract';
import { ListingsRpc } from './catalogue.contract';
import { BillingRpc } from './billing.contract';
import { VisitorSessionsRpc } from './conversations-requests.contract';
import { KnowledgeRpc } from './knowledge-requests.contract';
import { ListingImagesRpc } from './listing-images.contract';
import { ProjectsRpc } from './projects.contract';
import { VerificationRpc } from './verification.contract';

/**
 * How long a caller waits for each request/response pattern before answering 503
 * service_unavailable: the one table RpcClient reads (house style 14: the deadline belongs to
 * the pattern). Chosen from the measured latency of every pattern (docs/operations.md#rpc-deadlines,
 * `npm run bench:rpc-deadlines`): an ordinary call gets max(1 s, 10 × the worst p99 measured on
 * the shared, noisy development machine); a call that waits on something outside the platform
 * gets that wait's own budget. A replica that dies mid-request costs its callers this long.
 */
export const RPC_DEADLINES_MS = {
  /**
   * Rows of one service (reads, writes, a call to another service on the way): the worst p99
   * measured, 282 ms (decisions.create, a billing debit inside), × 10, rounded up to 500 ms.
   */
  standard: 3_000,
  /** A model writes part of the answer: AI_TIMEOUT_MS (15 s, retries included) and the rest of the request. */
  ai: 30_000,
  /** The payment provider is called (PAYMENTS_TIMEOUT_MS, one retry): billing answers payment_unavailable first. */
  payment: 30_000,
  /**
   * An upload's bytes (image variants up to IMAGE_MAX_BYTES, a document) cross the transport and
   * are written to the store. Not measured by bench:rpc-deadlines: a budget for moving megabytes
   * on a busy node, not 10 × a measured p99.
   */
  upload: 15_000,
  /** The invoice PDF is drawn on demand (pdfkit and the QR code load on the first one). */
  invoicePdf: 15_000,
  /** One batch of a listing import: its rows are created one by one, each resolving its place. */
  listingImport: 60_000,
  /** An inline decision batch: up to 100 items, each with reasoning (a model call) when asked. */
  decisionBatch: 120_000,
} as const;

export type RpcDeadlineClass = keyof typeof RPC_DEADLINES_MS;

/**
 * The patterns that wait on something outside the platform, with their class; every other
 * pattern is standard. A decision with reasoning picks `ai` per call (the same pattern without
 * reasoning is ordinary).
 */
export const SLOW_RPC_PATTERNS: Readonly<Partial<Record<string, Exclude<RpcDeadlineClass, 'standard'>>>> = {
  [BillingRpc.purchasePack.pattern]: 'payment',
  [BillingRpc.refundPack.pattern]: 'payment',
  [BillingRpc.purchaseLeadCredits.pattern]: 'payment',
  [BillingRpc.invoicePdf.pattern]: 'invoicePdf',
  [ListingImagesRpc.add.pattern]: 'upload',
  [ProjectsRpc.addImage.pattern]: 'upload',
  [VerificationRpc.addDocument.pattern]: 'upload',
  [KnowledgeRpc.createFromDocument.pattern]: 'upload',
  [VisitorSessionsRpc.send.pattern]: 'ai',
  [KnowledgeRpc.answer.pattern]: 'ai',
  [ListingsRpc.importBatch.pattern]: 'listingImport',
  [DecisionsRpc.createBatch.pattern]: 'decisionBatch',
};

/**
 * The deadline of one call. `override` is the operator's RPC_TIMEOUT_MS: it replaces the
 * standard deadline only, as the slow classes wait on something RPC_TIMEOUT_MS does not measure.
 */
export function rpcDeadlineMs(pattern: string, override?: number): number {
  const deadlineClass = SLOW_RPC_PATTERNS[pattern] ?? 'standard';
  if (deadlineClass === 'standard' && override !== undefined) return override;
  return RPC_DEADLINES_MS[deadlineClass];
}
