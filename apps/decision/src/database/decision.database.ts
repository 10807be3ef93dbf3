import type { ServiceDatabaseDefinition } from '@app/database';
import { LOCATION_ENTITIES } from '../locations/location.entities';
import { CreateGazetteer1763900000000 } from './migrations/1763900000000-create-gazetteer';

export const decisionDatabase: ServiceDatabaseDefinition = {
  service: 'decision',
  entities: [...LOCATION_ENTITIES],
  migrations: [CreateGazetteer1763900000000],
};
