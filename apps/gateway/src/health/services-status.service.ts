import { Injectable } from '@nestjs/common';
import { SERVICE_NAMES, isServiceName, statusPattern } from '@app/contracts';
import { AppError } from '@app/errors';
import type { ServiceHealthResponse, ServiceName, ServiceStatusResponse, ServicesHealthResponse } from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** Short, so an operator's status page answers even when services are down. */
const STATUS_TIMEOUT_MS = 1500;

@Injectable()
export class ServicesStatusService {
  constructor(private readonly rpc: RpcClient) {}

  async status(): Promise<ServicesHealthResponse> {
    const data = await Promise.all(SERVICE_NAMES.map((service) => this.probe(service)));
    return { object: 'list', status: data.every((s) => s.status === 'up') ? 'ok' : 'degraded', data };
  }

  /** One service, asked with the normal deadline: 503 service_unavailable when it does not answer. */
  async one(service: string): Promise<ServiceHealthResponse> {
    if (!isServiceName(service)) throw new AppError('not_found', `There is no service named "${service}".`);
    const started = performance.now();
    const answer = await this.rpc.send<ServiceStatusResponse>(statusPattern(service), {});
    return toStatus(answer, performance.now() - started);
  }

  private async probe(service: ServiceName): Promise<ServiceHealthResponse> {
    const started = performance.now();
    try {
      const answer = await this.rpc.send<ServiceStatusResponse>(statusPattern(service), {}, STATUS_TIMEOUT_MS);
      return toStatus(answer, performance.now() - started);
    } catch {
      return { service, status: 'down', latency_ms: Math.round(performance.now() - started) };
    }
  }
}

function toStatus(answer: ServiceStatusResponse, latencyMs: number): ServiceHealthResponse {
  return {
    service: answer.service,
    status: answer.database === 'up' ? 'up' : 'degraded',
    latency_ms: Math.round(latencyMs),
    instance: answer.instance,
    database: answer.database,
    uptime_s: answer.uptime_s,
  };
}
