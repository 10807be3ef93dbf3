import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { randomBytes } from 'node:crypto';
import { IsInt, IsString, Min } from 'class-validator';
import { AppError } from '@app/errors';
import { MessageData, RpcClient } from '@app/messaging';
import { currentRequestId, runWithRequestContext } from '@app/observability';
import { describeDistributed, describeE2e } from '../harness/mode';
import { startServiceApp } from '../harness/service-app';
import type { ServiceApp } from '../harness/service-app';

// Unique per run, so parallel runs on one NATS never answer each other.
const run = randomBytes(4).toString('hex');
const PATTERNS = {
  echo: `rpc.test${run}.echo.v1`,
  charge: `rpc.test${run}.charge.v1`,
  crash: `rpc.test${run}.crash.v1`,
  slow: `rpc.test${run}.slow.v1`,
  nobody: `rpc.test${run}.nobody.v1`,
};

class ChargeRequest {
  @IsString()
  workspace: string;

  @IsInt()
  @Min(1)
  cost: number;
}

@Controller()
class ProbeHandlers {
  @MessagePattern(PATTERNS.echo)
  echo(@MessageData() data: ChargeRequest) {
    return { data, requestId: currentRequestId(), at: new Date(0) };
  }

  @MessagePattern(PATTERNS.charge)
  charge(@MessageData() data: ChargeRequest) {
    throw new AppError('insufficient_decisions', 'Your balance is below the cost of this call.', {
      required: data.cost,
      balance: 0,
    });
  }

  @MessagePattern(PATTERNS.crash)
  crash(): never {
    throw new TypeError('secret internals: password=hunter2');
  }

  @MessagePattern(PATTERNS.slow)
  async slow(): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return 'late';
  }
}

describeE2e('transport', () => {
  let service: ServiceApp;
  let rpc: RpcClient;

  beforeAll(async () => {
    service = await startServiceApp({ controllers: [ProbeHandlers] });
    rpc = service.app.get(RpcClient);
  });

  afterAll(() => service?.close());

  it('should deliver the payload as JSON and carry the request id when a handler answers', async () => {
    const answer = await runWithRequestContext({ requestId: 'req-transport-1' }, () =>
      rpc.send<{ data: unknown; requestId: string; at: unknown }>(PATTERNS.echo, { workspace: 'w1', cost: 3 }),
    );
    expect(answer).toEqual({
      data: { workspace: 'w1', cost: 3 },
      requestId: 'req-transport-1',
      at: '1970-01-01T00:00:00.000Z',
    });
  });

  it('should rebuild the registry error with code, message and extra fields when a handler throws one', async () => {
    const error = await rpc.send(PATTERNS.charge, { workspace: 'w1', cost: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).toEnvelope()).toEqual({
      error: 'insufficient_decisions',
      message: 'Your balance is below the cost of this call.',
      code: 'INSUFFICIENT_CREDITS',
      required: 3,
      balance: 0,
    });
  });

  it('should answer 422-shaped validation_error with the field when the payload breaks its contract', async () => {
    const error = (await rpc.send(PATTERNS.echo, { workspace: 'w1', cost: 0 }).catch((e: unknown) => e)) as AppError;
    expect(error.toEnvelope()).toMatchObject({ error: 'validation_error', field: 'cost' });
    const unknown = (await rpc
      .send(PATTERNS.echo, { workspace: 'w1', cost: 1, admin: true })
      .catch((e: unknown) => e)) as AppError;
    expect(unknown.toEnvelope()).toMatchObject({ error: 'validation_error', field: 'admin' });
  });

  it('should turn an unexpected error into internal_error without its message when a handler crashes', async () => {
    const error = (await rpc.send(PATTERNS.crash, {}).catch((e: unknown) => e)) as AppError;
    expect(error.error).toBe('internal_error');
    expect(error.message).not.toContain('hunter2');
    expect(error.message).toMatch(/error id [0-9a-f-]{36}/);
  });

  it('should give service_unavailable when the handler does not answer within the deadline', async () => {
    const error = (await rpc.send(PATTERNS.slow, {}, 300).catch((e: unknown) => e)) as AppError;
    expect(error.error).toBe('service_unavailable');
  });

  it('should give service_unavailable when no service handles the pattern', async () => {
    const error = (await rpc.send(PATTERNS.nobody, {}, 300).catch((e: unknown) => e)) as AppError;
    expect(error.error).toBe('service_unavailable');
  });
});

describeDistributed('transport shutdown', () => {
  it('should answer a request already received when the service is stopped (NATS drain)', async () => {
    const server = await startServiceApp({ controllers: [ProbeHandlers] });
    const client = await startServiceApp({}, { eventsNamespace: server.runtime.eventsNamespace });
    try {
      const pending = client.app.get(RpcClient).send<string>(PATTERNS.slow, {}, 5000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await server.close(); // drains: stops taking requests, answers the one in hand
      expect(await pending).toBe('late');
    } finally {
      await client.close();
    }
  });
});

describeDistributed('transport namespaces', () => {
  it('should answer only requests of its own namespace when environments share one NATS', async () => {
    const server = await startServiceApp({ controllers: [ProbeHandlers] });
    const stranger = await startServiceApp({}); // another namespace on the same NATS
    const neighbour = await startServiceApp({}, { eventsNamespace: server.runtime.eventsNamespace });
    try {
      const unanswered = (await stranger.app
        .get(RpcClient)
        .send(PATTERNS.echo, { workspace: 'w1', cost: 1 }, 500)
        .catch((e: unknown) => e)) as AppError;
      expect(unanswered.error).toBe('service_unavailable');
      const answered = await neighbour.app
        .get(RpcClient)
        .send<{ data: unknown }>(PATTERNS.echo, { workspace: 'w1', cost: 1 }, 2000);
      expect(answered.data).toEqual({ workspace: 'w1', cost: 1 });
    } finally {
      await Promise.all([stranger.close(), neighbour.close()]);
      await server.close();
    }
  });
});
