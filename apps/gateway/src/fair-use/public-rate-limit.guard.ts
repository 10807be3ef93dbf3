import { Injectable, UseGuards, applyDecorators } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FairUseLimiter } from './fair-use-limiter';
import { TooManyRequestsResponse } from './too-many-requests.response';

/** Counts a public route's request against its client IP (after the access guard, before validation). */
@Injectable()
export class PublicRateLimitGuard implements CanActivate {
  constructor(private readonly limiter: FairUseLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    await this.limiter.countPublic(http.getRequest<FastifyRequest>().ip, http.getResponse<FastifyReply>());
    return true;
  }
}

/** A public route anyone can call in a loop (search, pages, session creation): PUBLIC_RATE_LIMIT per client IP. */
export const PublicRateLimited = () =>
  applyDecorators(
    UseGuards(PublicRateLimitGuard),
    TooManyRequestsResponse('over PUBLIC_RATE_LIMIT requests a minute (default 300) from this client IP'),
  );
