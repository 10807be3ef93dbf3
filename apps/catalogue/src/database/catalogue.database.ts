import type { ServiceDatabaseDefinition } from '@app/database';
import { ListingImageEntity } from '../listings/listing-image.entity';
import { ListingEntity } from '../listings/listing.entity';
import { ModerationLogEntity } from '../moderation/moderation-log.entity';
import { ProjectImageEntity } from '../projects/project-image.entity';
import { ProjectUnitEntity } from '../projects/project-unit.entity';
import { ProjectEntity } from '../projects/project.entity';
import { Listings1764300000000 } from './migrations/1764300000000-listings';
import { PublishedListingsIndexes1764500000000 } from './migrations/1764500000000-published-listings-indexes';
import { SavedProperties1764600000000 } from './migrations/1764600000000-saved-properties';
import { Verifications1765100000000 } from './migrations/1765100000000-verifications';
import { ListingSearchText1765200000000 } from './migrations/1765200000000-listing-search-text';
import { Projects1767000000000 } from './migrations/1767000000000-projects';
import { PublishedEditReview1768100000000 } from './migrations/1768100000000-published-edit-review';
import { SellerListings1768100000001 } from './migrations/1768100000001-seller-listings';
import { PublishedListingsDistrictIndex1769300000000 } from './migrations/1769300000000-published-listings-district-index';
import { ListingPriceChanges1769400000000 } from './migrations/1769400000000-listing-price-changes';
import { SavedSearches1769600000000 } from './migrations/1769600000000-saved-searches';

export const CATALOGUE_DATABASE = 'catalogue';

export const catalogueDatabase: ServiceDatabaseDefinition = {
  service: CATALOGUE_DATABASE,
  entities: [
    ListingEntity,
    ListingImageEntity,
    ModerationLogEntity,
    ProjectEntity,
    ProjectUnitEntity,
    ProjectImageEntity,
  ],
  migrations: [
    Listings1764300000000,
    PublishedListingsIndexes1764500000000,
    SavedProperties1764600000000,
    Verifications1765100000000,
    ListingSearchText1765200000000,
    Projects1767000000000,
    PublishedEditReview1768100000000,
    SellerListings1768100000001,
    PublishedListingsDistrictIndex1769300000000,
    ListingPriceChanges1769400000000,
    SavedSearches1769600000000,
  ],
};
