import { Injectable } from '@nestjs/common';
import { DECISION_BENCHMARK_PATTERN, DECISION_PLACES_RESOLVE_PATTERN } from '@app/contracts';
import type {
  BenchmarkRequest,
  BenchmarkResponse,
  DecisionBenchmark,
  ResolvePlaceRequest,
  ResolvedPlace,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The decision service's place resolution and benchmarks, typed. */
@Injectable()
export class DecisionClient {
  constructor(private readonly rpc: RpcClient) {}

  resolvePlace(request: ResolvePlaceRequest): Promise<ResolvedPlace> {
    return this.rpc.send(DECISION_PLACES_RESOLVE_PATTERN, request);
  }

  async benchmark(request: BenchmarkRequest): Promise<DecisionBenchmark | null> {
    const response = await this.rpc.send<BenchmarkResponse, BenchmarkRequest>(DECISION_BENCHMARK_PATTERN, request);
    return response.benchmark;
  }
}
