import { Injectable } from '@nestjs/common';
import { DecisionsRpc } from '@app/contracts';
import type { BenchmarkRequest, DecisionBenchmark, ResolvePlaceRequest, ResolvedPlace } from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The decision service's place resolution and benchmarks, typed. */
@Injectable()
export class DecisionClient {
  constructor(private readonly rpc: RpcClient) {}

  resolvePlace(request: ResolvePlaceRequest): Promise<ResolvedPlace> {
    return this.rpc.call(DecisionsRpc.resolvePlace, request);
  }

  async benchmark(request: BenchmarkRequest): Promise<DecisionBenchmark | null> {
    const response = await this.rpc.call(DecisionsRpc.benchmark, request);
    return response.benchmark;
  }
}
