import type { Recipient } from '@app/contracts';
import type { DeliveryRow } from '../deliveries/deliveries.repository';

/** One way of reaching a person. Each is tested against a real local server of its protocol. */
export abstract class Channel {
  abstract readonly name: DeliveryRow['channel'];

  /**
   * Where this recipient is reached on this channel: none when they have no address or the
   * channel is not set up (for this workspace: the notification's, when it has one).
   */
  abstract addressesOf(recipient: Recipient, workspaceId: string | null): Promise<string[]>;

  /** Sends; throws to have the delivery retried. */
  abstract send(delivery: DeliveryRow): Promise<void>;
}

/** A failure no retry can fix (the address is gone): the delivery is dead at once. */
export class PermanentFailure extends Error {}
