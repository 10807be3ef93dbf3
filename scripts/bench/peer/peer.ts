import { randomBytes } from 'node:crypto';
import type { Baseline, BaselineKind, ForkedServer } from '../baseline';
import { forkServer } from '../baseline';
import type { Mode } from '../platforms';
import { PEER_PATTERNS } from './peer-patterns';
import type { PeerKind } from './peer-patterns';

/** The routes the peer is built for (issue 29 point 1); the others have a bare baseline only. */
export function hasPeer(kind: BaselineKind): kind is PeerKind {
  return kind in PEER_PATTERNS;
}

/**
 * Starts the NestJS peer of a route (peer-server.ts) on the platform's database. Standalone: one
 * process. Distributed: the microservice on NATS first, then the HTTP app that calls it.
 */
export async function startPeer(
  kind: BaselineKind,
  mode: Mode,
  databaseUrl: string,
  natsUrl: string,
): Promise<Baseline> {
  const env = {
    BENCH_PEER_KIND: kind,
    BENCH_DATABASE_URL: databaseUrl,
    BENCH_NATS_URL: natsUrl,
    BENCH_PEER_PREFIX: `bench-peer-${randomBytes(4).toString('hex')}`,
  };
  const processes: ForkedServer[] = [];
  try {
    if (mode === 'distributed')
      processes.push(
        await forkServer('peer/peer-server.js', `${kind} peer service`, { ...env, BENCH_PEER_ROLE: 'service' }),
      );
    const http = await forkServer('peer/peer-server.js', `${kind} peer`, {
      ...env,
      BENCH_PEER_ROLE: mode === 'distributed' ? 'http' : 'standalone',
    });
    processes.push(http);
    return {
      url: `http://127.0.0.1:${http.port}`,
      memoryGroups: () =>
        mode === 'distributed'
          ? [
              { label: 'peer service', pids: () => [processes[0].pid] },
              { label: 'peer http', pids: () => [http.pid] },
            ]
          : [{ label: 'peer', pids: () => [http.pid] }],
      stop: async () => {
        for (const server of [...processes].reverse()) await server.stop();
      },
    };
  } catch (err) {
    for (const server of processes) await server.stop();
    throw err;
  }
}
