import type { INestApplicationContext } from '@nestjs/common';
import { CatalogueDemoSeed } from '../../catalogue/src/demo/catalogue-demo.seed';
import { IdentityDemoSeed } from '../../gateway/src/identity/demo/identity-demo.seed';
import { LeadsDemoSeed } from '../../leads/src/demo/leads-demo.seed';
import { demoBannerLines, readDemoCredentials, saveDemoCredentials } from './demo-credentials';

/**
 * DEMO_SEED: creates the demo workspace and its published catalogue once, saves its credentials in DATA_DIR the first
 * time, and returns the lines to print below the banner on every start.
 */
export async function runDemoSeed(app: INestApplicationContext, dataDir: string): Promise<string[]> {
  const created = await app.get(IdentityDemoSeed, { strict: false }).run();
  if (created) {
    saveDemoCredentials(dataDir, created.credentials);
    const listings = await app.get(CatalogueDemoSeed, { strict: false }).run(created.workspaceId, created.ownerId);
    await app.get(LeadsDemoSeed, { strict: false }).run(
      created.workspaceId,
      listings.map((listing) => ({ id: listing.id, time_zone: listing.time_zone ?? 'Asia/Riyadh' })),
    );
  }
  const saved = readDemoCredentials(dataDir);
  if (!saved) return ['  Demo     workspace present; its credentials file is gone (the API key cannot be shown again)'];
  return demoBannerLines(saved.file, saved.credentials);
}
