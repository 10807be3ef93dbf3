import { TimeoutError } from 'rxjs';
import { AppError } from '@app/errors';
import { metricsRegistry } from '@app/observability';
import { recordRpcClientCall, recordRpcServerCall, rpcClientOutcome } from './rpc-metrics';

describe('RPC metrics', () => {
  it.each([
    ['a timeout', 'timeout', new TimeoutError()],
    ['a 4xx error envelope', 'client_error', new AppError('not_found', 'No such thing.').toEnvelope()],
    ['a 5xx error envelope', 'server_error', new AppError('internal_error', 'Boom.').toEnvelope()],
    ['a broken connection', 'unavailable', new Error('CONNECTION_REFUSED')],
    ['no handler', 'unavailable', 'There is no handler for rpc.x.y.v1'],
  ])('should classify %s as %s', (_label, outcome, err) => {
    expect(rpcClientOutcome(err)).toBe(outcome);
  });

  it('should label a call by service, pattern and outcome, and fold an unexpected pattern into one series', async () => {
    recordRpcClientCall('rpc.decision.locations.search.v1', 'ok', performance.now());
    recordRpcServerCall(
      'rpc.catalogue.properties.get.v1',
      new AppError('not_found', 'x').toEnvelope(),
      performance.now(),
    );
    recordRpcServerCall('listing 7f1c9a2e-0d4b-4c1e-9f3a-2b6d8e0c4a11', undefined, performance.now());

    const text = await metricsRegistry.getSingleMetricAsString('rpc_client_requests_total');
    expect(text).toContain(
      'rpc_client_requests_total{service="decision",pattern="rpc.decision.locations.search.v1",outcome="ok"} 1',
    );
    const server = await metricsRegistry.getSingleMetricAsString('rpc_server_requests_total');
    expect(server).toContain(
      'rpc_server_requests_total{service="catalogue",pattern="rpc.catalogue.properties.get.v1",outcome="client_error"} 1',
    );
    expect(server).toContain('rpc_server_requests_total{service="other",pattern="other",outcome="ok"} 1');
    expect(server).not.toContain('7f1c9a2e');
  });
});
