import { Body, Controller, Get, Headers, Logger, Param, Post, Res } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiHeader, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  DecisionBatchResponse,
  DecisionBatchResult,
  DecisionRequestBody,
  DECISION_BATCH_MAX_ITEMS,
} from '@app/contracts';
import type { Principal } from '@app/contracts';
import { IdempotencyKey, IdempotencyKeyHeader } from '../http/idempotency-key';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { DecisionBatchesService } from './decision-batches.service';
import { DECISION_BATCH_DESCRIPTION, DECISION_REQUEST_EXAMPLE } from './decisions.openapi';
import { NDJSON, replyNdjson } from './ndjson-reply';
import { ApiRoute } from '../openapi/api-route.decorator';

@ApiTags('decisions')
@ApiExtraModels(DecisionBatchResponse, DecisionBatchResult, DecisionRequestBody)
@Controller('decisions/batch')
export class DecisionBatchesController {
  private readonly logger = new Logger(DecisionBatchesController.name);

  constructor(private readonly batches: DecisionBatchesService) {}

  /** JSON (200 finished, 202 job) or, when the client accepts NDJSON, a stream of results as they come. */
  @Post()
  @Authenticated(['api_key'])
  @ApiRoute('Score up to 1,000 properties in one call, charged per item', {
    description: DECISION_BATCH_DESCRIPTION,
    200: {
      description: `The finished batch (JSON, up to 100 items), or the NDJSON stream (\`${NDJSON}\`)`,
      content: {
        'application/json': { schema: { $ref: getSchemaPath(DecisionBatchResponse) } },
        [NDJSON]: {
          // The schema of one line: a result per item, then the batch.
          schema: {
            oneOf: [{ $ref: getSchemaPath(DecisionBatchResult) }, { $ref: getSchemaPath(DecisionBatchResponse) }],
          },
        },
      },
    },
    202: {
      type: DecisionBatchResponse,
      description:
        'More than 100 items (JSON): the job, running; GET /v1/decisions/batch/{id} (the `Location` header) returns its results',
      headers: { Location: { description: 'the job', schema: { type: 'string' } } },
    },
    402: '`insufficient_decisions` with `required` (the whole batch) and `balance`: nothing ran, nothing charged',
    409: '`idempotency_conflict`: a batch with this key is still being paid for after 10 s; retry',
    422:
      '`validation_error` on `items`: not an array, empty, or more than 1,000 items (items are checked one by one); ' +
      '`idempotency_key_reused`: the key was used with a different body',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['items'],
      additionalProperties: false,
      properties: {
        items: {
          type: 'array',
          minItems: 1,
          maxItems: DECISION_BATCH_MAX_ITEMS,
          items: { $ref: getSchemaPath(DecisionRequestBody) },
          description: 'Each a POST /v1/decisions body; an invalid one is answered with its error and refunded',
        },
      },
      examples: [{ items: [DECISION_REQUEST_EXAMPLE, { ...DECISION_REQUEST_EXAMPLE, reasoning: true }] }],
    },
  })
  @ApiHeader({
    name: 'Accept',
    required: false,
    description: `\`${NDJSON}\` streams one line per item as it is answered, then the batch; otherwise JSON`,
    schema: { type: 'string' },
  })
  @IdempotencyKeyHeader('A retry with the same key and body returns the same batch, charged once')
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: unknown,
    @Res() reply: FastifyReply,
    @Headers('accept') accept?: string,
    @IdempotencyKey() key?: string,
  ): Promise<void> {
    if (accept?.includes(NDJSON)) {
      return replyNdjson(reply, this.logger, (write, closed) =>
        this.batches.stream(principal, body, key, write, closed),
      );
    }
    const batch = await this.batches.create(principal, body, key);
    if (batch.status === 'done') return void reply.status(200).send(batch);
    void reply.status(202).header('location', `/v1/decisions/batch/${batch.id}`).send(batch);
  }

  @Get(':id')
  @Authenticated(['user', 'api_key'], 'decisions:read')
  @ApiRoute("A batch of the workspace: its status, counts, credits and results (another workspace's: 404)", {
    200: DecisionBatchResponse,
    404: '`not_found`: no such batch in your workspace',
  })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.batches.get(principal, id);
  }
}
