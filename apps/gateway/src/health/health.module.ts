import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { TransportHealthIndicator } from './transport.health';
import { HealthController } from './health.controller';
import { ServicesStatusService } from './services-status.service';

@Module({
  imports: [TerminusModule],
  controllers: [HealthController],
  providers: [TransportHealthIndicator, ServicesStatusService],
})
export class HealthModule {}
