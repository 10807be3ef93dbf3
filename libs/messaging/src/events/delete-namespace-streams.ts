import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

/**
 * Removes the JetStream streams of one EVENTS_NAMESPACE (named `<namespace>_…`): a test run
 * or a benchmark cleans up after itself so runs sharing one NATS never see each other's events.
 */
export async function deleteNamespaceStreams(natsUrl: string, namespace: string): Promise<void> {
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    for await (const stream of jsm.streams.list()) {
      if (stream.config.name.startsWith(`${namespace}_`)) await jsm.streams.delete(stream.config.name);
    }
  } finally {
    await nc.close();
  }
}
