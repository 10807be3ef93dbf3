import { Inject, Injectable, Logger } from '@nestjs/common';
import { LIVE_CONVERSATIONS_SUBJECT } from '@app/contracts';
import type { LiveConversationEvent } from '@app/contracts';
import { LIVE_CHANNEL } from '@app/messaging';
import type { LiveChannel } from '@app/messaging';
import { toMessageResponse, toSessionResponse } from './conversation.dto';
import type { MessageRow, SessionRow } from './conversations.repository';

/** What happened in a transaction, told to every gateway once it has committed (never before). */
export class LiveBatch {
  readonly events: LiveConversationEvent[] = [];

  message(session: SessionRow, message: MessageRow): this {
    this.events.push({
      kind: 'message',
      session_id: session.id,
      workspace_id: session.workspace_id,
      message: toMessageResponse(message),
    });
    return this;
  }

  session(session: SessionRow): this {
    this.events.push({
      kind: 'session',
      session_id: session.id,
      workspace_id: session.workspace_id,
      session: toSessionResponse(session),
    });
    return this;
  }
}

@Injectable()
export class LiveUpdates {
  private readonly logger = new Logger(LiveUpdates.name);

  constructor(@Inject(LIVE_CHANNEL) private readonly channel: LiveChannel) {}

  /** Best effort: the messages are stored; a client that missed one reads them with GET. */
  async publish(batch: LiveBatch): Promise<void> {
    for (const event of batch.events) {
      await this.channel
        .publish(LIVE_CONVERSATIONS_SUBJECT, event)
        .catch((err: unknown) => this.logger.warn({ err, session_id: event.session_id }, 'Live update not sent'));
    }
  }
}
