import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { rpcDeadlineMs } from '@app/contracts';
import type { RpcDescriptor } from '@app/contracts';
import { AppError, isErrorEnvelope } from '@app/errors';
import { currentRequestId, traceRpcCall } from '@app/observability';
import { TimeoutError, firstValueFrom, timeout } from 'rxjs';
import { InProcessClient } from './in-process.transport';
import type { MessageEnvelope } from './message-envelope';
import { RUNTIME_OPTIONS } from '../runtime';
import type { RuntimeOptions } from '../runtime';
import { recordRpcClientCall, rpcClientOutcome } from '../metrics/rpc-metrics';

export const TRANSPORT_CLIENT = Symbol('TRANSPORT_CLIENT');

/**
 * Request/response over the transport with the platform's rules: a deadline (no hang), the
 * pattern's own from libs/contracts' table unless the call passes one, the caller's request id,
 * and registry errors rebuilt on this side. Typed clients per service wrap it
 * (`decisionClient.searchLocations(dto)`).
 */
@Injectable()
export class RpcClient {
  constructor(
    @Inject(TRANSPORT_CLIENT) private readonly proxy: ClientProxy,
    @Inject(RUNTIME_OPTIONS) private readonly runtime: RuntimeOptions,
  ) {}

  call<TRequest, TResponse>(
    descriptor: RpcDescriptor<TRequest, TResponse>,
    request: NoInfer<TRequest>,
    timeoutMs?: number,
  ): Promise<TResponse> {
    return this.send<TResponse, TRequest>(descriptor.pattern, request, timeoutMs);
  }

  /** A pattern named at run time (a service's status probe); everything else calls a descriptor. */
  send<TResponse, TRequest = unknown>(pattern: string, data: TRequest, timeoutMs?: number): Promise<TResponse> {
    return traceRpcCall(pattern, this.runtime.mode === 'distributed' ? 'nats' : 'in_process', (carrier) =>
      this.request<TResponse, TRequest>(
        pattern,
        { meta: { requestId: currentRequestId(), ...carrier }, data },
        timeoutMs,
      ),
    );
  }

  private async request<TResponse, TRequest>(
    pattern: string,
    envelope: MessageEnvelope<TRequest>,
    timeoutMs: number | undefined,
  ): Promise<TResponse> {
    const startedAt = performance.now();
    const deadlineMs = timeoutMs ?? rpcDeadlineMs(pattern, this.runtime.rpcTimeoutMs);
    try {
      // In process, the same request without ClientProxy's Observable chain (InProcessClient.request).
      const response =
        this.proxy instanceof InProcessClient
          ? ((await this.proxy.request(pattern, envelope, deadlineMs)) as TResponse)
          : await firstValueFrom(
              this.proxy.send<TResponse, MessageEnvelope<TRequest>>(pattern, envelope).pipe(timeout(deadlineMs)),
            );
      recordRpcClientCall(pattern, 'ok', startedAt);
      return response;
    } catch (err) {
      recordRpcClientCall(pattern, rpcClientOutcome(err), startedAt);
      throw this.rebuild(pattern, err);
    }
  }

  private rebuild(pattern: string, err: unknown): AppError {
    if (isErrorEnvelope(err)) return AppError.fromEnvelope(err);
    const service = pattern.split('.')[1] ?? pattern;
    if (err instanceof TimeoutError) {
      return new AppError('service_unavailable', `The ${service} service did not answer in time. Try again shortly.`);
    }
    // Connection refused, no handler registered, broken connection: the service is not reachable.
    return new AppError('service_unavailable', `The ${service} service is unavailable. Try again shortly.`);
  }
}
