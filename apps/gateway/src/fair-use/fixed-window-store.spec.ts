import { FixedWindowStore } from './fixed-window-store';

describe('FixedWindowStore', () => {
  let store: FixedWindowStore;
  const count = (key = 'k') => store.increment(key, 60_000, 3, 60_000);

  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 });
    store = new FixedWindowStore();
  });

  afterEach(() => {
    store.onModuleDestroy();
    jest.useRealTimers();
  });

  it('should let exactly the limit through when counted in one window', async () => {
    const records = [await count(), await count(), await count(), await count()];
    expect(records.map((r) => r.isBlocked)).toEqual([false, false, false, true]);
    expect(records.map((r) => r.totalHits)).toEqual([1, 2, 3, 4]);
    expect(records[0].timeToExpire).toBe(60);
    expect(records[3].timeToBlockExpire).toBe(60);
  });

  it('should keep keys apart when two trackers count', async () => {
    for (let i = 0; i < 4; i += 1) await count('a');
    expect((await count('b')).isBlocked).toBe(false);
  });

  it('should block for the whole block duration when the limit was passed late in the window', async () => {
    await count();
    jest.advanceTimersByTime(50_000);
    for (let i = 0; i < 3; i += 1) await count();
    jest.advanceTimersByTime(15_000); // a new window, but the block has 45 s left
    const blocked = await count();
    expect(blocked.isBlocked).toBe(true);
    expect(blocked.timeToBlockExpire).toBe(45);
  });

  it('should start afresh when the window and the block have ended', async () => {
    for (let i = 0; i < 4; i += 1) await count();
    jest.advanceTimersByTime(60_001);
    const record = await count();
    expect(record).toMatchObject({ isBlocked: false, totalHits: 1, timeToBlockExpire: 0 });
  });

  it('should forget idle windows when swept', async () => {
    await count('a');
    for (let i = 0; i < 4; i += 1) await count('b');
    store.sweep(Date.now() + 60_000);
    expect(store.size).toBe(0);
    await count('c');
    store.sweep(Date.now() + 1000);
    expect(store.size).toBe(1);
  });
});
