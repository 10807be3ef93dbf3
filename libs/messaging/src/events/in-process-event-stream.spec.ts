import { InProcessEventStream } from '@app/messaging';
import type { DeliveryOutcome, DomainEvent } from '@app/messaging';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let sequence = 0;
function event(subject = 'leads.inquiry.created.v1', payload: unknown = { n: sequence }): DomainEvent {
  sequence += 1;
  return { id: `evt-${sequence}`, subject, occurred_at: '2025-01-01T00:00:00.000Z', payload };
}

const settled: DeliveryOutcome = { kind: 'settled' };

/** Resolves true if the promise settles within `ms`, false otherwise. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([promise.then(() => true), sleep(ms).then(() => false)]);
}

describe('InProcessEventStream', () => {
  it('should resolve publish at once when no consumer exists', async () => {
    const stream = new InProcessEventStream();
    await expect(settlesWithin(stream.publish(event()), 20)).resolves.toBe(true);
  });

  it('should deliver the event with attempt 1 when a consumer is attached', async () => {
    const stream = new InProcessEventStream();
    const received: Array<[DomainEvent, number]> = [];
    await stream.consume('notification', 'leads.>', (e, attempt) => {
      received.push([e, attempt]);
      return Promise.resolve(settled);
    });
    const published = event('leads.inquiry.created.v1', { inquiry: 7 });
    await stream.publish(published);
    expect(received).toEqual([[published, 1]]);
  });

  it('should hand the consumer a copy when the event is delivered', async () => {
    const stream = new InProcessEventStream();
    let received: DomainEvent | undefined;
    await stream.consume('notification', 'leads.>', (e) => {
      received = e;
      return Promise.resolve(settled);
    });
    const published = event('leads.inquiry.created.v1', { inquiry: 7 });
    await stream.publish(published);
    expect(received).toEqual(published);
    expect(received).not.toBe(published);
  });

  it('should deliver events in publish order when several are published', async () => {
    const stream = new InProcessEventStream();
    const ids: string[] = [];
    await stream.consume('notification', 'leads.>', async (e) => {
      await sleep(2);
      ids.push(e.id);
      return settled;
    });
    const events = [event(), event(), event()];
    await Promise.all(events.map((e) => stream.publish(e)));
    expect(ids).toEqual(events.map((e) => e.id));
  });

  it('should resolve publish only when the handler has returned settled', async () => {
    const stream = new InProcessEventStream();
    let finishHandler: () => void = () => undefined;
    let handlerStarted = false;
    await stream.consume('notification', 'leads.>', async () => {
      handlerStarted = true;
      await new Promise<void>((resolve) => (finishHandler = resolve));
      return settled;
    });
    const publishing = stream.publish(event());
    await expect(settlesWithin(publishing, 20)).resolves.toBe(false);
    expect(handlerStarted).toBe(true);
    finishHandler();
    await expect(settlesWithin(publishing, 50)).resolves.toBe(true);
  });

  it('should redeliver with increasing attempts when the handler asks to retry', async () => {
    const stream = new InProcessEventStream();
    const attempts: number[] = [];
    await stream.consume('notification', 'leads.>', (_e, attempt) => {
      attempts.push(attempt);
      return Promise.resolve<DeliveryOutcome>(attempt < 3 ? { kind: 'retry', delayMs: 5 } : settled);
    });
    await expect(settlesWithin(stream.publish(event()), 1000)).resolves.toBe(true);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('should keep publish pending when the handler is still asking to retry', async () => {
    const stream = new InProcessEventStream();
    const attempts: number[] = [];
    // Waits for the retry itself rather than a time window, which a loaded machine may not give.
    let retried: () => void = () => undefined;
    const secondAttempt = new Promise<void>((resolve) => (retried = resolve));
    const subscription = await stream.consume('notification', 'leads.>', (_e, attempt) => {
      attempts.push(attempt);
      if (attempt === 2) retried();
      return Promise.resolve<DeliveryOutcome>({ kind: 'retry', delayMs: 5 });
    });
    const publishing = stream.publish(event());
    await secondAttempt;
    await expect(settlesWithin(publishing, 20)).resolves.toBe(false);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts).toEqual(attempts.map((_a, i) => i + 1));
    await subscription.stop();
  });

  it('should wait out the retry delay when the handler asks to retry', async () => {
    const stream = new InProcessEventStream();
    const times: number[] = [];
    await stream.consume('notification', 'leads.>', (_e, attempt) => {
      times.push(Date.now());
      return Promise.resolve<DeliveryOutcome>(attempt === 1 ? { kind: 'retry', delayMs: 40 } : settled);
    });
    await stream.publish(event());
    expect(times).toHaveLength(2);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(35);
  });

  it('should queue events when stopped and deliver each once when consume is called again', async () => {
    const stream = new InProcessEventStream();
    const firstRun: string[] = [];
    const subscription = await stream.consume('notification', 'leads.>', (e) => {
      firstRun.push(e.id);
      return Promise.resolve(settled);
    });
    const before = event();
    await stream.publish(before);
    await subscription.stop();

    const queued = [event(), event()];
    const publishing = queued.map((e) => stream.publish(e));
    await expect(settlesWithin(Promise.all(publishing), 20)).resolves.toBe(false);

    const secondRun: Array<[string, number]> = [];
    await stream.consume('notification', 'leads.>', (e, attempt) => {
      secondRun.push([e.id, attempt]);
      return Promise.resolve(settled);
    });
    await expect(settlesWithin(Promise.all(publishing), 200)).resolves.toBe(true);
    await sleep(10);
    expect(firstRun).toEqual([before.id]);
    expect(secondRun).toEqual(queued.map((e) => [e.id, 1]));
  });

  it('should redeliver a pending retry to the next handler when stopped before it is due', async () => {
    const stream = new InProcessEventStream();
    const subscription = await stream.consume('notification', 'leads.>', () =>
      Promise.resolve<DeliveryOutcome>({ kind: 'retry', delayMs: 10_000 }),
    );
    const publishing = stream.publish(event());
    await sleep(10);
    await subscription.stop();

    const attempts: number[] = [];
    await stream.consume('notification', 'leads.>', (_e, attempt) => {
      attempts.push(attempt);
      return Promise.resolve(settled);
    });
    await expect(settlesWithin(publishing, 200)).resolves.toBe(true);
    expect(attempts).toEqual([2]);
  });

  it('should give every event to each durable consumer when two have matching filters', async () => {
    const stream = new InProcessEventStream();
    const byConsumer: Record<string, string[]> = { notification: [], billing: [] };
    await stream.consume('notification', 'leads.>', (e) => {
      byConsumer.notification.push(e.id);
      return Promise.resolve(settled);
    });
    await stream.consume('billing', 'leads.*.created.v1', (e) => {
      byConsumer.billing.push(e.id);
      return Promise.resolve(settled);
    });
    const events = [event(), event()];
    for (const e of events) await stream.publish(e);
    expect(byConsumer).toEqual({ notification: events.map((e) => e.id), billing: events.map((e) => e.id) });
  });

  it('should resolve publish only when every matching consumer has settled', async () => {
    const stream = new InProcessEventStream();
    let releaseSlow: () => void = () => undefined;
    await stream.consume('fast', 'leads.>', () => Promise.resolve(settled));
    await stream.consume('slow', 'leads.>', async () => {
      await new Promise<void>((resolve) => (releaseSlow = resolve));
      return settled;
    });
    const publishing = stream.publish(event());
    await expect(settlesWithin(publishing, 20)).resolves.toBe(false);
    releaseSlow();
    await expect(settlesWithin(publishing, 50)).resolves.toBe(true);
  });

  it('should deliver nothing to a consumer when its filter does not match', async () => {
    const stream = new InProcessEventStream();
    const billing: string[] = [];
    const leads: string[] = [];
    await stream.consume('billing', 'billing.>', (e) => {
      billing.push(e.id);
      return Promise.resolve(settled);
    });
    await stream.consume('leads', 'leads.inquiry.created.v1', (e) => {
      leads.push(e.id);
      return Promise.resolve(settled);
    });
    const published = event('leads.inquiry.created.v1');
    await expect(settlesWithin(stream.publish(published), 50)).resolves.toBe(true);
    await expect(settlesWithin(stream.publish(event('catalogue.property.listed.v1')), 50)).resolves.toBe(true);
    await sleep(10);
    expect(billing).toEqual([]);
    expect(leads).toEqual([published.id]);
  });

  it('should not queue an event for a consumer when its filter does not match', async () => {
    const stream = new InProcessEventStream();
    const subscription = await stream.consume('billing', 'billing.>', () => Promise.resolve(settled));
    await subscription.stop();
    await expect(settlesWithin(stream.publish(event('leads.inquiry.created.v1')), 20)).resolves.toBe(true);
  });

  it('should retry an event and settle it when the handler throws once', async () => {
    const stream = new InProcessEventStream();
    const attempts: number[] = [];
    await stream.consume('thrower', '>', (_e, attempt) => {
      attempts.push(attempt);
      return attempt === 1 ? Promise.reject(new Error('database down')) : Promise.resolve(settled);
    });
    await stream.publish(event());
    expect(attempts).toEqual([1, 2]);
  });

  it('should keep the new handler when a stale subscription is stopped again', async () => {
    const stream = new InProcessEventStream();
    const old = await stream.consume('c', '>', () => Promise.resolve(settled));
    await old.stop();
    const seen: string[] = [];
    await stream.consume('c', '>', (e) => {
      seen.push(e.id);
      return Promise.resolve(settled);
    });
    await old.stop();
    const published = event();
    expect(await settlesWithin(stream.publish(published), 200)).toBe(true);
    expect(seen).toEqual([published.id]);
  });

  it('should apply the new filter when a durable consumer is attached again with another one', async () => {
    const stream = new InProcessEventStream();
    const first = await stream.consume('c', 'a.>', () => Promise.resolve(settled));
    await first.stop();
    const seen: string[] = [];
    await stream.consume('c', 'z.>', (e) => {
      seen.push(e.subject);
      return Promise.resolve(settled);
    });
    await stream.publish(event('a.b.c.v1'));
    await stream.publish(event('z.b.c.v1'));
    expect(seen).toEqual(['z.b.c.v1']);
  });
  describe('follow', () => {
    it('should hand a follower the latest event kept at attach time and every later one, without holding up publish', async () => {
      const stream = new InProcessEventStream();
      await stream.publish(event('decision.gazetteer.loaded.v1', { version: 1 }));
      await stream.publish(event('decision.gazetteer.loaded.v1', { version: 2 }));
      const seen: unknown[] = [];
      const subscription = await stream.follow('decision.gazetteer.loaded.v1', (e) => seen.push(e.payload));
      expect(seen).toEqual([{ version: 2 }]);
      await stream.publish(event('decision.gazetteer.loaded.v1', { version: 3 }));
      await stream.publish(event('decision.refund.owed.v1', { other: true }));
      expect(seen).toEqual([{ version: 2 }, { version: 3 }]);
      await subscription.stop();
      await stream.publish(event('decision.gazetteer.loaded.v1', { version: 4 }));
      expect(seen).toHaveLength(2);
    });

    it('should keep publishing to durable consumers when a follower throws', async () => {
      const stream = new InProcessEventStream();
      await stream.follow('leads.>', () => {
        throw new Error('follower failed');
      });
      const received: DomainEvent[] = [];
      await stream.consume('notification', 'leads.>', (e) => {
        received.push(e);
        return Promise.resolve(settled);
      });
      await stream.publish(event());
      expect(received).toHaveLength(1);
    });
  });
});
