import type { ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '@app/config';
import { AppError } from '@app/errors';
import type { gatewayConfig } from '../config/gateway.env';
import { FairUseLimiter } from './fair-use-limiter';
import { FixedWindowStore } from './fixed-window-store';

/** A reply that keeps the headers set on it. */
function recordingReply(): FastifyReply & { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  const reply = {
    headers,
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
  };
  return reply as unknown as FastifyReply & { headers: Record<string, string> };
}

const limiter = (store: ThrottlerStorage, limits: { api: number; public: number }) =>
  new FairUseLimiter(
    {
      EVENTS_NAMESPACE: 'unit',
      API_RATE_LIMIT: limits.api,
      PUBLIC_RATE_LIMIT: limits.public,
    } as AppConfig<typeof gatewayConfig>,
    store,
  );

describe('FairUseLimiter', () => {
  let store: FixedWindowStore;

  beforeEach(() => {
    store = new FixedWindowStore();
  });

  afterEach(() => store.onModuleDestroy());

  it('should answer rate_limited with retry_after and the fields when a key goes over', async () => {
    const fairUse = limiter(store, { api: 2, public: 2 });
    const replies = [recordingReply(), recordingReply(), recordingReply()];
    await fairUse.countApiKey('key-1', replies[0]);
    await fairUse.countApiKey('key-1', replies[1]);
    const over = await fairUse.countApiKey('key-1', replies[2]).catch((err: unknown) => err);
    expect(over).toBeInstanceOf(AppError);
    expect((over as AppError).toEnvelope()).toMatchObject({ error: 'rate_limited', retry_after: 60 });
    expect(replies.map((r) => r.headers.ratelimit)).toEqual([
      '"api-key";r=1;t=60',
      '"api-key";r=0;t=60',
      '"api-key";r=0;t=60',
    ]);
    expect(replies[2].headers['ratelimit-policy']).toBe('"api-key";q=2;w=60');
  });

  it('should count an IPv6 client per /64 when its address changes within the subnet', async () => {
    const fairUse = limiter(store, { api: 2, public: 2 });
    await fairUse.countPublic('2001:db8:1:2::1', recordingReply());
    await fairUse.countPublic('2001:db8:1:2::ffff', recordingReply());
    await expect(fairUse.countPublic('2001:db8:1:2:aaaa::9', recordingReply())).rejects.toBeInstanceOf(AppError);
    await expect(fairUse.countPublic('2001:db8:1:3::1', recordingReply())).resolves.toBeUndefined();
  });

  it('should neither count nor set a field when a limit is 0', async () => {
    const fairUse = limiter(store, { api: 0, public: 0 });
    const reply = recordingReply();
    for (let i = 0; i < 5; i += 1) await fairUse.countApiKey('key-1', reply);
    await fairUse.countPublic('203.0.113.1', reply);
    expect(reply.headers).toEqual({});
    expect(store.size).toBe(0);
  });

  it('should let the request through without fields when the store fails', async () => {
    const broken: ThrottlerStorage = { increment: () => Promise.reject(new Error('Connection is closed.')) };
    const reply = recordingReply();
    await expect(limiter(broken, { api: 1, public: 1 }).countApiKey('key-1', reply)).resolves.toBeUndefined();
    expect(reply.headers).toEqual({});
  });
});
