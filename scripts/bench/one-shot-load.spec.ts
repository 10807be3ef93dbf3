import { percentile, runOneShot, singly } from './one-shot-load';
import type { Lane } from './one-shot-load';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('one-shot load', () => {
  it('should send every request once, stop when they run out and count what is not the expected status', async () => {
    const sent: number[] = [];
    const requests = Array.from({ length: 30 }, (_, i) => ({
      send: async () => {
        sent.push(i);
        await tick();
        return i % 10 === 0 ? 429 : 201;
      },
    }));
    const result = await runOneShot(singly(requests), { durationS: 30, connections: 4 }, 201);
    expect(sent.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(result).toMatchObject({ requests: 30, errors: 3, statusCodes: { 201: 27, 429: 3 }, exhausted: true });
  });

  it('should run a lane’s requests one after another, between its open and close', async () => {
    const log: string[] = [];
    let inFlight = 0;
    const lanes: Lane[] = ['a', 'b', 'c'].map((name) => ({
      open: async () => {
        log.push(`${name} open`);
        await tick();
      },
      close: () => log.push(`${name} close`),
      requests: [1, 2, 3].map((turn) => ({
        send: async () => {
          inFlight++;
          const alone = inFlight;
          await tick();
          inFlight--;
          log.push(`${name}${turn}`);
          return alone;
        },
      })),
    }));
    // One lane at a time: each request finds itself alone in flight (status 1).
    const result = await runOneShot(lanes, { durationS: 30, connections: 1 }, 1);
    expect(result.errors).toBe(0);
    expect(log).toEqual(
      ['a', 'b', 'c'].flatMap((name) => [`${name} open`, `${name}1`, `${name}2`, `${name}3`, `${name} close`]),
    );
  });

  it('should stop at the end of the duration with requests left', async () => {
    const requests = Array.from({ length: 1_000 }, () => ({
      send: () => new Promise<number>((resolve) => setTimeout(() => resolve(201), 20)),
    }));
    const result = await runOneShot(singly(requests), { durationS: 1, connections: 2 }, 201);
    expect(result.exhausted).toBe(false);
    expect(result.requests).toBeGreaterThan(10);
    expect(result.requests).toBeLessThan(1_000);
  });

  it('should take the nearest-rank percentile', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });
});
