import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { collectStartupGarbage } from './startup-memory';

describe('collectStartupGarbage', () => {
  it('collects without writing a heap snapshot (secrets included) into the working directory', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-memory-'));
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      expect(collectStartupGarbage()).toBe(true);
    } finally {
      process.chdir(cwd);
    }
    // Node 24's `major-snapshot` collection wrote heap.heapsnapshot here.
    expect(fs.readdirSync(dir)).toEqual([]);
    fs.rmSync(dir, { recursive: true });
  });
});
