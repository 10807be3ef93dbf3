import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { option, positiveOption } from './options';
import { runBench } from './running';
import { soak } from './soak';

/**
 * `npm run bench`: npm appends its arguments to the script's last command, so this one entry
 * hands them on. `--soak=<seconds>` runs the soak alone (scripts/bench/soak.ts); otherwise the
 * route bench (main) and then the MCP bench, each with the same options.
 */
if (option('soak', '') !== '') runBench('soak', () => soak(positiveOption('soak', 300)));
else {
  for (const script of ['main.js', 'mcp-search.js']) {
    const { status } = spawnSync(process.execPath, [path.join(__dirname, script), ...process.argv.slice(2)], {
      stdio: 'inherit',
    });
    if (status !== 0) process.exit(status ?? 1);
  }
}
