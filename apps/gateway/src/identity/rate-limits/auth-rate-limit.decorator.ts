import { UseGuards, applyDecorators } from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { AuthRateLimitGuard } from './auth-rate-limit.guard';

/** Limits a credential-guessing surface (sign-up, login) per client IP and per account e-mail. */
export const AuthRateLimited = () =>
  applyDecorators(
    UseGuards(AuthRateLimitGuard),
    ApiTooManyRequestsResponse({
      description:
        '`rate_limited`: too many attempts from this IP or for this account; see `retry_after` and the Retry-After header',
    }),
  );
