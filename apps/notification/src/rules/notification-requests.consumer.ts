import { Injectable, Logger } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from '@app/validation';
import type { EntityManager } from 'typeorm';
import { NOTIFICATION_REQUEST, NotificationRequestPayload } from '@app/contracts';
import { DeadLetter, EventConsumer, OnEvent } from '@app/messaging';
import type { DomainEvent } from '@app/messaging';
import { NOTIFICATION_DATABASE } from '../database/notification.database';
import { NotificationPlanner } from './notification-planner';

const CONSUMER = 'notification-requests';

/**
 * notification.request.v1 from other services and internal systems. A request that does not
 * validate is kept as a dead letter with the reason, for operators, and never retried: a
 * retry cannot make it valid.
 */
@Injectable()
@EventConsumer(NOTIFICATION_DATABASE)
export class NotificationRequestsConsumer {
  private readonly logger = new Logger(NotificationRequestsConsumer.name);

  constructor(private readonly planner: NotificationPlanner) {}

  @OnEvent({ subject: NOTIFICATION_REQUEST, name: CONSUMER })
  async onRequest(event: DomainEvent<unknown>, tx: EntityManager): Promise<void> {
    const request = plainToInstance(NotificationRequestPayload, event.payload ?? {});
    const problems = (await validate(request, { whitelist: true, forbidNonWhitelisted: true })).flatMap((error) =>
      Object.values(error.constraints ?? { [error.property]: `${error.property} is not allowed` }),
    );
    if (!request.account_ids?.length && !request.workspace_id) problems.push('account_ids or workspace_id is required');
    if (problems.length > 0) {
      await tx.insert(DeadLetter, {
        consumer: CONSUMER,
        eventId: event.id,
        subject: event.subject,
        event: event as unknown as object,
        error: `refused: ${problems.join('; ')}`,
        attempts: 1,
      });
      this.logger.warn({ event_id: event.id, problems }, 'Notification request refused');
      return;
    }
    await this.planner.planRequest(event, request, tx);
  }
}
