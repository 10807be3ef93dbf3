import { Module } from '@nestjs/common';
import { IdentityDemoRepository } from './identity-demo.repository';
import { IdentityDemoSeed } from './identity-demo.seed';

/** Demo data for standalone (DEMO_SEED): run by the standalone entry point, never by the apps themselves. */
@Module({
  providers: [IdentityDemoRepository, IdentityDemoSeed],
  exports: [IdentityDemoSeed],
})
export class DemoModule {}
