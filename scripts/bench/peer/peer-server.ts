import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { ValidationPipe } from '@nestjs/common';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Transport } from '@nestjs/microservices';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { InProcessBroker, InProcessServer } from '@app/messaging';
import { PEER_VALIDATION } from './peer-patterns';
import { PeerHttpModule } from './peer-http.module';
import { PeerServiceModule } from './peer-service.module';

/**
 * One process of the NestJS peer (peer.ts starts it). BENCH_PEER_ROLE: `standalone` (the HTTP
 * app with the microservice inside, over the in-process transport), `http` (the HTTP app,
 * a NATS client) or `service` (the microservice on NATS, queue group `bench-peer`).
 * Reports `{port}` over IPC once it serves (0 for the service).
 */
const GRACE_MS = 1_000;

async function main(): Promise<void> {
  const role = process.env.BENCH_PEER_ROLE;
  const logger = ['error', 'warn'] as const;
  let app: INestApplicationContext;
  let port = 0;
  if (role === 'service') {
    const service = await NestFactory.createMicroservice<MicroserviceOptions>(PeerServiceModule, {
      logger: [...logger],
      transport: Transport.NATS,
      options: { servers: [process.env.BENCH_NATS_URL ?? ''], queue: 'bench-peer' },
    });
    await service.listen();
    app = service;
  } else if (role === 'http' || role === 'standalone') {
    const broker = new InProcessBroker();
    // The default HTTP adapter: Express.
    const http = await NestFactory.create(
      PeerHttpModule.forMode(role === 'http' ? 'distributed' : 'standalone', broker),
      {
        logger: [...logger],
      },
    );
    http.useGlobalPipes(new ValidationPipe(PEER_VALIDATION));
    if (role === 'standalone') {
      http.connectMicroservice({ strategy: new InProcessServer(broker) });
      await http.startAllMicroservices();
    }
    await http.listen(0, '127.0.0.1');
    port = ((http.getHttpServer() as Server).address() as AddressInfo).port;
    app = http;
  } else throw new Error('BENCH_PEER_ROLE must be standalone, http or service');
  process.send?.({ port });

  const stop = async () => {
    // The load generator has just stopped: let the requests it left in flight finish before the
    // NATS client closes under them.
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  // The bench process died without stopping us (SIGKILL): do not outlive it.
  process.once('disconnect', () => void stop());
}

main().catch((err: unknown) => {
  process.stderr.write(`peer: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
