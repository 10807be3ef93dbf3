import { ratios, verdicts } from './targets';

const figures = (requestsPerSecond: number, p99Ms: number) => ({ requestsPerSecond, p50Ms: p99Ms / 2, p99Ms });

describe('issue 29 targets', () => {
  it('should judge locations against 0.25× bare standalone and 0.2× distributed, 1.5× the peer and 2× bare p99', () => {
    const bare = figures(20_000, 10);
    const peer = figures(2_000, 40);
    const route = figures(4_400, 18);
    expect(verdicts('GET /v1/locations', 'standalone', route, bare, peer)).toEqual([
      { target: 'route/bare ≥ 0.25', value: 0.22, met: false },
      { target: 'route/peer ≥ 1.5', value: 2.2, met: true },
      { target: 'p99/bare p99 ≤ 2', value: 1.8, met: true },
    ]);
    expect(verdicts('GET /v1/locations', 'distributed', route, bare, peer)[0]).toEqual({
      target: 'route/bare ≥ 0.2',
      value: 0.22,
      met: true,
    });
  });

  it('should judge on exact ratios, not the rounded ones the report prints', () => {
    const bare = figures(10_000, 10);
    const justUnder = figures(4_999, 20.01);
    const [ratio, , p99] = verdicts('POST /v1/decisions', 'distributed', justUnder, bare, figures(3_333, 30));
    expect(ratio).toMatchObject({ target: 'route/bare ≥ 0.5', met: false });
    expect(ratio.value).toBeCloseTo(0.4999, 4);
    expect(p99).toMatchObject({ met: false });
    expect(ratios(justUnder, bare)).toEqual({ bare: 0.5, p99: 2 });
  });

  it('should ask only the p99 target of a route with no bare target and no peer', () => {
    const judged = verdicts('GET /v1/workspace/leads', 'standalone', figures(500, 90), figures(800, 50));
    expect(judged).toEqual([{ target: 'p99/bare p99 ≤ 2', value: 1.8, met: true }]);
    expect(ratios(figures(500, 90), figures(800, 50), undefined)).toEqual({ bare: 0.63, p99: 1.8 });
  });

  it('should give properties 0.6× bare in both modes and a ratio to the peer when one ran', () => {
    for (const mode of ['standalone', 'distributed'] as const) {
      const [bareVerdict, peerVerdict] = verdicts(
        'GET /v1/properties',
        mode,
        figures(600, 80),
        figures(1_000, 50),
        figures(450, 120),
      );
      expect(bareVerdict).toEqual({ target: 'route/bare ≥ 0.6', value: 0.6, met: true });
      expect(peerVerdict).toMatchObject({ target: 'route/peer ≥ 1.5', met: false });
    }
    expect(ratios(figures(600, 80), figures(1_000, 50), figures(450, 120))).toEqual({
      bare: 0.6,
      peer: 1.33,
      p99: 1.6,
    });
  });
});
