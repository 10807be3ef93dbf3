import { Injectable } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { catchError, of, throwError } from 'rxjs';
import type { Observable } from 'rxjs';
import { checkLocationsQuery, isLocationsQueryProblem } from '@app/contracts';
import { tagBody } from './body-etag.interceptor';
import { CACHE_POLICY, NO_STORE } from './cache-policy';
import type { CachePolicy } from './cache-policy';
import { answerConditionally } from './conditional-answer';
import { entityTag } from './entity-tag';
import { GazetteerVersion } from './gazetteer-version';

const QUERY_FIELDS = new Set(['city', 'district', 'districts']);

/**
 * GET /v1/locations: the ETag is the gazetteer version and the normalised query, so a current
 * copy is answered 304 here, after authentication, without calling the decision service. Until
 * the gateway knows the version (or for a query the route would refuse), the answer's content
 * names it instead.
 */
@Injectable()
export class LocationsEtagInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly gazetteer: GazetteerVersion,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const policy = this.reflector.get<CachePolicy>(CACHE_POLICY, context.getHandler());
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const version = this.gazetteer.current;
    const query = version === undefined ? undefined : normalisedLocationsQuery(request.query);
    if (query === undefined) return tagBody(next.handle(), request, reply, policy);
    const etag = entityTag(`gazetteer:${version}:${query}`);
    if (answerConditionally(request, reply, etag, policy) === 'not-modified') return of(undefined);
    return next.handle().pipe(
      catchError((err: unknown) => {
        void reply.removeHeader('etag').header('cache-control', NO_STORE);
        return throwError(() => err);
      }),
    );
  }
}

/**
 * The search the query asks for, as the decision service receives it (trimmed, `districts` a
 * boolean), or undefined for anything the route would refuse: a 304 never stands in for a 400.
 */
export function normalisedLocationsQuery(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.some(([name, value]) => !QUERY_FIELDS.has(name) || typeof value !== 'string')) return undefined;
  const checked = checkLocationsQuery(raw);
  if (isLocationsQueryProblem(checked)) return undefined;
  return JSON.stringify([checked.city ?? null, checked.district ?? null, checked.districts ?? null]);
}
