import { Catch } from '@nestjs/common';
import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import { throwError } from 'rxjs';
import type { Observable } from 'rxjs';
import { renderHttpError } from './http-error-renderer';
import type { ErrorReply } from './http-error-renderer';
import { toRpcEnvelope } from './rpc-error-envelope';

/**
 * The one global filter: over HTTP it renders the contract's error body; in a message
 * handler it sends the registry envelope back across the transport. Hybrid apps (gateway,
 * services, standalone) inherit it, so no context is left unfiltered.
 */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): Observable<never> | undefined {
    if (host.getType() === 'rpc') return throwError(() => toRpcEnvelope(exception));
    renderHttpError(exception, host.switchToHttp().getResponse<ErrorReply>());
    return undefined;
  }
}
