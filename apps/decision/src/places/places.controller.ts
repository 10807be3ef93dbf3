import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  BenchmarkRequest,
  DECISION_BENCHMARK_PATTERN,
  DECISION_PLACES_RESOLVE_PATTERN,
  ResolvePlaceRequest,
} from '@app/contracts';
import type { BenchmarkResponse, ResolvedPlace } from '@app/contracts';
import { MessageData } from '@app/messaging';
import { PlacesService } from './places.service';

@Controller()
export class PlacesController {
  constructor(private readonly places: PlacesService) {}

  @MessagePattern(DECISION_PLACES_RESOLVE_PATTERN)
  resolve(@MessageData() request: ResolvePlaceRequest): Promise<ResolvedPlace> {
    return this.places.resolve(request);
  }

  @MessagePattern(DECISION_BENCHMARK_PATTERN)
  benchmark(@MessageData() request: BenchmarkRequest): BenchmarkResponse {
    return this.places.benchmark(request);
  }
}
