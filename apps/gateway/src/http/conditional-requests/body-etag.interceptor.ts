import { Injectable } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { catchError, map, throwError } from 'rxjs';
import type { Observable } from 'rxjs';
import type { CachePolicy } from './cache-policy';
import { CACHE_POLICY, NO_STORE } from './cache-policy';
import { answerConditionally } from './conditional-answer';
import { entityTag } from './entity-tag';

/**
 * ETag from the answer's own content, for items with no version the gateway could know
 * beforehand: the service is asked, and a client whose copy is current gets 304 with no body.
 */
@Injectable()
export class BodyEtagInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const policy = this.reflector.get<CachePolicy>(CACHE_POLICY, context.getHandler());
    const http = context.switchToHttp();
    return tagBody(next.handle(), http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), policy);
  }
}

/** The answer tagged by its JSON; an error is never cacheable (404 may be cached heuristically otherwise). */
export function tagBody(
  answer: Observable<unknown>,
  request: FastifyRequest,
  reply: FastifyReply,
  policy: CachePolicy,
): Observable<unknown> {
  return answer.pipe(
    map((body) =>
      answerConditionally(request, reply, entityTag(JSON.stringify(body)), policy) === 'not-modified'
        ? undefined
        : body,
    ),
    catchError((err: unknown) => {
      void reply.header('cache-control', NO_STORE);
      return throwError(() => err);
    }),
  );
}
