import { Module } from '@nestjs/common';
import { IdentityDemoRepository } from './identity-demo.repository';
import { IdentityDemoSeed } from './identity-demo.seed';
import { WelcomeAllowance } from '../workspaces/welcome-allowance';

/** Demo data for standalone (DEMO_SEED): run by the standalone entry point, never by the apps themselves. */
@Module({
  providers: [IdentityDemoRepository, IdentityDemoSeed, WelcomeAllowance],
  exports: [IdentityDemoSeed],
})
export class DemoModule {}
