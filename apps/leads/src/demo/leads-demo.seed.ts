import { Injectable, Logger } from '@nestjs/common';
import { SlotsRepository } from '../slots/slots.repository';
import { todayIn } from '../slots/slot-times';

/** Sunday and Wednesday afternoons: the demo broker's weekly viewing hours. */
const DEMO_RULES = [
  { weekday: 0, local_time: '17:00' },
  { weekday: 3, local_time: '17:00' },
] as const;

export interface DemoListing {
  id: string;
  time_zone: 'Asia/Riyadh' | 'Asia/Dubai';
}

/** The standalone demo's viewing slots, so a buyer can book a demo listing on a fresh start. */
@Injectable()
export class LeadsDemoSeed {
  private readonly logger = new Logger(LeadsDemoSeed.name);

  constructor(private readonly slots: SlotsRepository) {}

  async run(workspaceId: string, listings: DemoListing[]): Promise<void> {
    for (const listing of listings)
      for (const rule of DEMO_RULES)
        await this.slots.insertRule({
          workspace_id: workspaceId,
          seller_id: null,
          listing_id: listing.id,
          time_zone: listing.time_zone,
          weekday: rule.weekday,
          local_time: rule.local_time,
          duration_minutes: 30,
          valid_from: todayIn(listing.time_zone),
          valid_until: null,
        });
    this.logger.log({ listings: listings.length }, 'Demo viewing hours opened');
  }
}
