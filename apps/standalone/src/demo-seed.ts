import type { INestApplicationContext } from '@nestjs/common';
import { seedDeveloperProject } from '../../catalogue/src/demo/developer-demo';
import { CatalogueDemoSeed } from '../../catalogue/src/demo/catalogue-demo.seed';
import { ProjectsService } from '../../catalogue/src/projects/projects.service';
import { ListingImagesService as GatewayListingImages } from '../../gateway/src/catalogue/images/listing-images.service';
import { UnitsService } from '../../catalogue/src/projects/units.service';
import { DeveloperDemoSeed } from '../../gateway/src/identity/demo/developer-demo.seed';
import { IdentityDemoSeed } from '../../gateway/src/identity/demo/identity-demo.seed';
import { seedDeveloperWidget } from '../../leads/src/demo/developer-demo';
import { LeadsDemoSeed } from '../../leads/src/demo/leads-demo.seed';
import { KnowledgeService } from '../../leads/src/knowledge/knowledge.service';
import { WidgetsService } from '../../leads/src/widgets/widgets.service';
import { addDeveloperDemo, demoBannerLines, readDemoCredentials, saveDemoCredentials } from './demo-credentials';
import { demoPicture } from './demo-pictures';

/**
 * DEMO_SEED: creates the demo workspaces (the broker's with its published catalogue, the
 * developer's with a project, its knowledge base and chat widget) once each, saves their
 * credentials in DATA_DIR the first time, and returns the lines to print below the banner on
 * every start. `gatewayOrigins`: where this start serves the gateway (the demo widget may be
 * embedded there, by /widget-demo).
 */
export async function runDemoSeed(
  app: INestApplicationContext,
  dataDir: string,
  gatewayOrigins: string[],
): Promise<string[]> {
  const created = await app.get(IdentityDemoSeed, { strict: false }).run();
  if (created) {
    saveDemoCredentials(dataDir, created.credentials);
    // One picture per listing, stored through the gateway's image store like any upload.
    const images = app.get(GatewayListingImages, { strict: false });
    const listings = await app
      .get(CatalogueDemoSeed, { strict: false })
      .run(created.workspaceId, created.ownerId, async (listingId, listing, index) =>
        images.storeListingFile(listingId, await demoPicture(listing.property_type, index)),
      );
    await app.get(LeadsDemoSeed, { strict: false }).run(
      created.workspaceId,
      listings.map((listing) => ({ id: listing.id, time_zone: listing.time_zone ?? 'Asia/Riyadh' })),
    );
  }
  const developer = await app.get(DeveloperDemoSeed, { strict: false }).run();
  if (developer) {
    const project = await seedDeveloperProject(
      app.get(ProjectsService, { strict: false }),
      app.get(UnitsService, { strict: false }),
      developer.workspaceId,
      developer.ownerId,
    );
    const widgetId = await seedDeveloperWidget(
      app.get(KnowledgeService, { strict: false }),
      app.get(WidgetsService, { strict: false }),
      {
        workspaceId: developer.workspaceId,
        ownerId: developer.ownerId,
        projectId: project.id,
        origins: gatewayOrigins,
      },
    );
    addDeveloperDemo(dataDir, developer.login, widgetId);
  }
  const saved = readDemoCredentials(dataDir);
  if (!saved) return ['  Demo     workspace present; its credentials file is gone (the API key cannot be shown again)'];
  return demoBannerLines(saved.file, saved.credentials, gatewayOrigins[0]);
}
