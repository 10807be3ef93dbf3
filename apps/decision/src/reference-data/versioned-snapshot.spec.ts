import { Logger } from '@nestjs/common';
import { VersionedSnapshot } from './versioned-snapshot';

describe('VersionedSnapshot', () => {
  it('should announce each loaded version once, and again at the next refresh when announcing failed', async () => {
    let dbVersion = 1;
    const announced: number[] = [];
    let failNext = true;
    const snapshot = new VersionedSnapshot(
      'empty',
      {
        version: () => Promise.resolve(dbVersion),
        load: () => Promise.resolve({ version: dbVersion, value: `v${dbVersion}`, summary: '' }),
        loaded: (version) => {
          announced.push(version);
          if (!failNext) return Promise.resolve();
          failNext = false;
          return Promise.reject(new Error('outbox down'));
        },
      },
      new Logger('test', { timestamp: false }),
    );
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);

    await snapshot.refresh();
    expect(snapshot.current).toBe('v1');
    await snapshot.refresh();
    await snapshot.refresh();
    expect(announced).toEqual([1, 1]);

    dbVersion = 2;
    await snapshot.refresh();
    await snapshot.refresh();
    expect(snapshot.current).toBe('v2');
    expect(announced).toEqual([1, 1, 2]);
  });
});
