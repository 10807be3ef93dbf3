import { Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module';
import { SavedSearchesModule } from '../saved-searches/saved-searches.module';
import { ModerationController } from './moderation.controller';
import { ModerationService } from './moderation.service';

/** The moderation queue, approval (publication) and rejection. */
@Module({
  imports: [ListingsModule, SavedSearchesModule],
  controllers: [ModerationController],
  providers: [ModerationService],
})
export class ModerationModule {}
