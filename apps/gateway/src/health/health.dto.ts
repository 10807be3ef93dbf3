import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SERVICE_NAMES } from '@app/contracts';
import type { ServiceName } from '@app/contracts';

export class ServiceStatusDto {
  @ApiProperty({ enum: SERVICE_NAMES })
  service: ServiceName;

  @ApiProperty({ enum: ['up', 'degraded', 'down'], description: 'degraded: it answered but its database did not' })
  status: 'up' | 'degraded' | 'down';

  @ApiProperty({ description: 'Round trip through the transport, ms' })
  latency_ms: number;

  @ApiPropertyOptional()
  instance?: string;

  @ApiPropertyOptional({ enum: ['up', 'down'] })
  database?: 'up' | 'down';

  @ApiPropertyOptional()
  uptime_s?: number;
}

export class ServicesStatusDto {
  @ApiProperty({ enum: ['list'] })
  object: 'list';

  @ApiProperty({ enum: ['ok', 'degraded'] })
  status: 'ok' | 'degraded';

  @ApiProperty({ type: [ServiceStatusDto] })
  data: ServiceStatusDto[];
}
