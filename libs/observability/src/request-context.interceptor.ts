import { Injectable } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import { requestIdFrom, runWithRequestContext } from './request-context';

interface RequestWithId {
  raw?: { id?: unknown };
  id?: unknown;
  headers?: Record<string, string | string[] | undefined>;
}

interface MessageWithMeta {
  meta?: { requestId?: unknown };
}

/**
 * Runs the handler inside a request context (HTTP: the id pino-http assigned; messages:
 * the id carried in the envelope), so logs and outgoing messages carry the same id.
 * Subscribing inside the context keeps it for the whole handler.
 */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const requestId = this.requestIdOf(context);
    return new Observable((subscriber) =>
      runWithRequestContext({ requestId }, () => next.handle().subscribe(subscriber)),
    );
  }

  private requestIdOf(context: ExecutionContext): string {
    if (context.getType() === 'rpc') {
      const message = context.switchToRpc().getData<MessageWithMeta>();
      const id = message?.meta?.requestId;
      return requestIdFrom(typeof id === 'string' ? id : undefined);
    }
    const request = context.switchToHttp().getRequest<RequestWithId>();
    const id = request.raw?.id ?? request.id;
    return typeof id === 'string' ? id : requestIdFrom(request.headers?.['x-request-id']);
  }
}
