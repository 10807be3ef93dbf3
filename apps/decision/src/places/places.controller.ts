import { Controller } from '@nestjs/common';
import { BenchmarkRequest, ResolvePlaceRequest, DecisionsRpc } from '@app/contracts';
import type { BenchmarkResponse, ResolvedPlace } from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { PlacesService } from './places.service';

@Controller()
export class PlacesController {
  constructor(private readonly places: PlacesService) {}

  @RpcHandler(DecisionsRpc.resolvePlace)
  resolve(@MessageData() request: ResolvePlaceRequest): Promise<ResolvedPlace> {
    return this.places.resolve(request);
  }

  @RpcHandler(DecisionsRpc.benchmark)
  benchmark(@MessageData() request: BenchmarkRequest): BenchmarkResponse {
    return this.places.benchmark(request);
  }
}
