import { Injectable } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { catchError, defer, of, switchMap, throwError } from 'rxjs';
import type { Observable } from 'rxjs';
import type { RequestWithPrincipal } from '../identity/access/access.decorators';
import { bearerTokenFrom } from '../identity/auth/bearer-token.decorator';
import { idempotencyKeyFrom } from '../http/idempotency-key';
import { canonicalJson, digest } from './idempotency-crypto';
import { IdempotencyService, IdempotentReplay } from './idempotency.service';
import type { KeyedRequest } from './idempotency.service';
import type { StoredAnswer } from './idempotency.repository';
import { IDEMPOTENT } from './idempotent-options';
import type { IdempotentOptions } from './idempotent-options';

type HttpRequest = FastifyRequest & RequestWithPrincipal;

const uploads = new WeakMap<object, (uploadDigest: string) => Promise<void>>();

/**
 * For an `@Idempotent({ body: 'upload' })` route, called once the upload is received (the
 * digest of its bytes): takes the key, or throws the replay or 422. Nothing without a key.
 */
export async function claimUpload(request: FastifyRequest, uploadDigest: string): Promise<void> {
  const claim = uploads.get(request);
  uploads.delete(request);
  await claim?.(uploadDigest);
}

/** Runs `@Idempotent()` routes (which mount it) under the Idempotency-Key rule (IdempotencyService). */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly idempotency: IdempotencyService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const options = this.reflector.get<IdempotentOptions | undefined>(IDEMPOTENT, context.getHandler());
    if (!options) return next.handle();
    const request = context.switchToHttp().getRequest<HttpRequest>();
    const keyed = keyedRequest(request);
    if (!keyed) return next.handle();

    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const replayed = catchError((err: unknown) =>
      err instanceof IdempotentReplay ? of(replay(reply, err.answer)) : throwError(() => err),
    );
    if (options.body === 'upload') {
      uploads.set(request, (uploadDigest) => this.idempotency.begin(keyed, uploadDigest, request));
      return next.handle().pipe(replayed);
    }
    return defer(() => this.idempotency.begin(keyed, canonicalJson(request.body ?? null), request)).pipe(
      switchMap(() => next.handle()),
      replayed,
    );
  }
}

/** The key and whose it is: the account, the API key's workspace, or a visitor's token. */
function keyedRequest(request: HttpRequest): KeyedRequest | undefined {
  const key = idempotencyKeyFrom(request.headers['idempotency-key']);
  if (key === undefined) return undefined;
  const principal = request.principal;
  const token = bearerTokenFrom(request.headers.authorization);
  const scope = principal
    ? principal.kind === 'api_key'
      ? `workspace:${principal.workspaceId}`
      : `account:${principal.accountId}`
    : token
      ? `token:${digest(token)}`
      : undefined;
  if (!scope) return undefined; // no caller: the route answers 401 itself
  return { scope, method: request.method, route: request.routeOptions.url ?? request.url, url: request.url, key };
}

/** The stored answer, as first sent. */
function replay(reply: FastifyReply, answer: StoredAnswer): Buffer {
  void reply.status(answer.status).header('idempotent-replayed', 'true');
  if (answer.contentType) void reply.header('content-type', answer.contentType);
  return answer.body;
}
