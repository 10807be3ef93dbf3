import type { Recipient } from '@app/contracts';
import type { DeliveryRow } from '../deliveries/deliveries.repository';

/** One way of reaching a person. Each is tested against a real local server of its protocol. */
export abstract class Channel {
  abstract readonly name: DeliveryRow['channel'];

  /** Where this recipient is reached on this channel, or null (no address, or the channel is not set up). */
  abstract addressOf(recipient: Recipient): string | null;

  /** Sends; throws to have the delivery retried. */
  abstract send(delivery: DeliveryRow): Promise<void>;
}
