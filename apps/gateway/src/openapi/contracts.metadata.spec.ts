import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = path.join(__dirname, '..', '..', '..', '..', 'scripts', 'openapi-metadata.mjs');

describe('contracts.metadata.ts', () => {
  it('should be what the plugin reads from the contract classes when they change', async () => {
    // Rejects (exit 1, naming the file) when the generated file is stale: run `npm run openapi:metadata`.
    await expect(run(process.execPath, [SCRIPT, '--check'])).resolves.toBeDefined();
  }, 60_000);
});
