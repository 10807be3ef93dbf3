// globalTeardown runs outside jest's module mapper, so the helper is imported by path.
// eslint-disable-next-line no-restricted-imports
import { deleteNamespaceStreams } from '../../libs/messaging/src/events/delete-namespace-streams';
import { stopSharedPlatforms } from './shared-platforms-teardown';
import { dropDatabase } from './template-database';

/** Stops the run's shared platforms and removes what they leave, then the template. */
export default async function distributedGlobalTeardown(): Promise<void> {
  const adminUrl = process.env.E2E_PG_ADMIN_URL;
  await stopSharedPlatforms('distributed', adminUrl, deleteNamespaceStreams);
  if (adminUrl) await dropDatabase(adminUrl, process.env.E2E_PG_TEMPLATE);
}
