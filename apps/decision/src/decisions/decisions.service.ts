import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { isUUID } from '@app/validation';
import { decisionCost, pageFrom } from '@app/contracts';
import type {
  CreateDecisionRequest,
  DecisionLocation,
  DecisionRequestBody,
  DecisionResponse,
  DecisionsPageResponse,
  GetDecisionRequest,
  ListDecisionsRequest,
} from '@app/contracts';
import { AppError, insufficientBalance } from '@app/errors';
import { BenchmarksService } from '../benchmarks/benchmarks.service';
import type { ComparableSales } from '../comparables/comparable-sales';
import { ComparablesService } from '../comparables/comparables.service';
import { LocationsService } from '../locations/locations.service';
import { REASONING_PROVIDER } from '../reasoning/reasoning.provider';
import type { ReasoningProvider } from '../reasoning/reasoning.provider';
import { priceGuidance } from '../scoring/price-guidance';
import { scoreDecision } from '../scoring/score-decision';
import { BillingClient } from './billing.client';
import { toDecisionResponse } from './decision.dto';
import { DecisionsRepository } from './decisions.repository';
import type { KeyClaim } from './decisions.repository';
import { requestHash } from './request-hash';
import { resolveLocation } from './resolve-location';
import { validateDecisionBody } from './validate-decision-body';

/**
 * POST /v1/decisions, in the order decisions.md fixes: price the call from `reasoning`,
 * 402 when the balance is short (nothing else runs), 422 for invalid input, debit, compute;
 * a failure after the debit is refunded before the error is answered.
 */
@Injectable()
export class DecisionsService {
  private readonly logger = new Logger(DecisionsService.name);

  constructor(
    private readonly locations: LocationsService,
    private readonly benchmarks: BenchmarksService,
    private readonly comparables: ComparablesService,
    @Inject(REASONING_PROVIDER) private readonly reasoning: ReasoningProvider,
    private readonly billing: BillingClient,
    private readonly repository: DecisionsRepository,
  ) {}

  async create(req: CreateDecisionRequest): Promise<DecisionResponse> {
    const cost = decisionCost((req.body as { reasoning?: unknown } | null)?.reasoning);
    // Validation is pure and in memory; it runs first so a valid call costs one billing round trip.
    // Its error is answered only when the balance covers the cost: a short balance answers 402 first.
    let body: DecisionRequestBody;
    let location: DecisionLocation;
    try {
      ({ body, location } = this.prepare(req.body));
    } catch (invalid) {
      const { decisions } = await this.billing.balance({ workspace_id: req.workspace_id });
      if (decisions < cost) throw insufficientBalance('decisions', cost, decisions);
      throw invalid;
    }

    const hash = requestHash(req.body);
    const claim = req.idempotency_key
      ? await this.repository.claim(req.workspace_id, req.idempotency_key, hash)
      : undefined;
    if (claim && !claim.claimed) return replay(claim, hash);
    const id = claim?.id ?? randomUUID();
    // False when a debit may stand unrefunded: billing did not answer the debit, or a refund
    // could be neither made nor recorded (billing and this database both away).
    let refundSecured = true;
    const unsecured = () => (refundSecured = false);
    try {
      // A fresh debit id per attempt: a retry after a refunded failure is charged again, a replay never.
      const debit = await this.billing
        .debit({
          workspace_id: req.workspace_id,
          asset: 'decisions',
          amount: cost,
          request_id: `decision:${id}:${randomUUID()}`,
          reason: 'decision',
          reference: `decision:${id}`,
        })
        .catch((err: unknown) => {
          // No answer (billing or NATS away): the debit may have been made all the same.
          if (err instanceof AppError && err.error === 'service_unavailable') unsecured();
          throw err;
        });
      const charged = { workspaceId: req.workspace_id, decisionId: id, entryId: debit.entry_id };
      const response = await this.refundingOnFailure(
        charged,
        () => this.compute(id, body, location, cost, debit.balance),
        unsecured,
      );
      await this.refundingOnFailure(
        charged,
        () =>
          claim ? this.repository.complete(id, response) : this.repository.insert(req.workspace_id, hash, response),
        unsecured,
      );
      return response;
    } catch (err) {
      // A claim whose debit may still stand is kept: DecisionClaimsSweeper abandons it and billing refunds it.
      if (claim && refundSecured)
        await this.repository
          .release(id)
          .catch((e: unknown) => this.logger.error(`Releasing claim ${id}: ${String(e)}`));
      throw err;
    }
  }

  async get(req: GetDecisionRequest): Promise<DecisionResponse> {
    const found = isUUID(req.id) ? await this.repository.find(req.workspace_id, req.id) : null;
    if (!found) throw new AppError('not_found', 'There is no such decision in your workspace.');
    return found;
  }

  async list(req: ListDecisionsRequest): Promise<DecisionsPageResponse> {
    const rows = await this.repository.page(req.workspace_id, req.limit, req.offset);
    return pageFrom(rows, req, (row) => row);
  }

  /** The body checked and its place resolved: 422 validation_error otherwise (pure, in memory; batches reuse it). */
  prepare(raw: unknown): { body: DecisionRequestBody; location: DecisionLocation } {
    const body = validateDecisionBody(raw);
    return { body, location: resolveLocation(this.locations.current, body.location) };
  }

  /** Benchmark, score and reasoning of one valid, paid request (batches reuse it per item). */
  async compute(
    id: string,
    body: DecisionRequestBody,
    location: DecisionLocation,
    cost: number,
    balance: number,
  ): Promise<DecisionResponse> {
    const { property } = body;
    const benchmark = this.benchmarks.find({
      cityId: location.city_id,
      districtId: location.district_id,
      type: property.type,
    });
    // The evidence: recorded sales of the benchmark's year like this property (none without a benchmark).
    const comparables: ComparableSales | null = benchmark
      ? await this.comparables.find({
          cityId: location.city_id,
          districtId: location.district_id,
          type: property.type,
          year: benchmark.year,
          area: property.area,
        })
      : null;
    const hasCoordinates = body.location.lat !== undefined;
    const scoring = scoreDecision({ property, benchmark, hasCoordinates });
    // Part of every decision at no extra cost: the price is already paid for by the scoring.
    const guidance = priceGuidance({ property, benchmark, hasCoordinates });
    const reasoning = body.reasoning
      ? await this.reasoning.explain({ property, location, scoring, benchmark, comparables, guidance })
      : undefined;
    return toDecisionResponse({
      id,
      scoring,
      benchmark,
      guidance,
      comparables: comparables?.sales ?? [],
      location,
      reasoning,
      cost,
      balance,
      createdAt: new Date(),
    });
  }

  /**
   * Runs `work`; if it throws, gives the debit back first (in this request), then rethrows.
   * When billing cannot be reached for the refund, the refund is owed through the outbox; when
   * that cannot be written either, `unsecured` is told and the error still answered.
   */
  private async refundingOnFailure<T>(
    debit: { workspaceId: string; decisionId: string; entryId: string },
    work: () => Promise<T>,
    unsecured: () => void,
  ): Promise<T> {
    try {
      return await work();
    } catch (err) {
      await this.billing
        .refund({ debit_entry_id: debit.entryId, request_id: `refund:${debit.entryId}` })
        .catch(async (refundError: unknown) => {
          this.logger.warn(`Refund of debit ${debit.entryId} deferred to an event: ${String(refundError)}`);
          await this.repository.recordRefundOwed({
            workspace_id: debit.workspaceId,
            decision_id: debit.decisionId,
            debit_entry_id: debit.entryId,
          });
        })
        .catch((unrecorded: unknown) => {
          this.logger.error(`Refund of debit ${debit.entryId} neither made nor recorded: ${String(unrecorded)}`);
          unsecured();
        });
      throw err;
    }
  }
}

/** The same key again: the first answer when the body is the same; 422 when it differs; 409 while still running. */
function replay(claim: Extract<KeyClaim, { claimed: false }>, hash: string): DecisionResponse {
  if (claim.requestHash !== hash)
    throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with a different request body.');
  if (!claim.response)
    throw new AppError(
      'idempotency_conflict',
      'A request with this Idempotency-Key is still in progress; retry shortly.',
    );
  return claim.response;
}
