import { Module } from '@nestjs/common';
import { DeveloperDemoSeed } from './developer-demo.seed';
import { IdentityDemoRepository } from './identity-demo.repository';
import { IdentityDemoSeed } from './identity-demo.seed';
import { WelcomeAllowance } from '../workspaces/welcome-allowance';

/** Demo data for standalone (DEMO_SEED): run by the standalone entry point, never by the apps themselves. */
@Module({
  providers: [IdentityDemoRepository, IdentityDemoSeed, WelcomeAllowance, DeveloperDemoSeed],
  exports: [IdentityDemoSeed, DeveloperDemoSeed],
})
export class DemoModule {}
