import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { option, positiveOption } from './options';
import { runBench } from './running';
import { sizingSeconds, sizingSoak } from './sizing-soak';
import { soak } from './soak';

/**
 * `npm run bench`: npm appends its arguments to the script's last command, so this one entry
 * hands them on. `--soak=sizing[:<seconds>]` runs the sizing soak alone (scripts/bench/sizing-soak.ts),
 * `--soak=<seconds>` the leak soak (scripts/bench/soak.ts); otherwise the route bench (main) and then
 * the MCP bench, each with the same options.
 */
const soakSpec = option('soak', '');
const sizing = sizingSeconds(soakSpec);
if (sizing !== undefined) runBench('soak', () => sizingSoak(sizing));
else if (soakSpec !== '') runBench('soak', () => soak(positiveOption('soak', 300)));
else {
  for (const script of ['main.js', 'mcp-search.js']) {
    const { status } = spawnSync(process.execPath, [path.join(__dirname, script), ...process.argv.slice(2)], {
      stdio: 'inherit',
    });
    if (status !== 0) process.exit(status ?? 1);
  }
}
