import fs from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

/**
 * `node --require dist/scripts/bench/heap-sampling-preload.js app.js` (e.g. through GATEWAY_NODE_OPTIONS
 * on `npm run start:distributed`): V8's sampling heap profiler from the first line, and on SIGUSR2 the
 * profile of what is alive at that moment (each sample an allocation ~32 KiB apart, with its stack)
 * written to HEAP_PROFILE_DIR (the working directory by default) as `<pid>-<n>.heapprofile`, which
 * Chrome DevTools opens and scripts/bench/heap-profile-summary.ts sums by allocation site. A bench
 * tool only: it holds the whole heap's stacks, so never in an image.
 */
const session = new Session();
session.connect();
session.post('HeapProfiler.startSampling', { samplingInterval: 32_768 });
let taken = 0;
process.on('SIGUSR2', () => {
  session.post('HeapProfiler.getSamplingProfile', (err, result) => {
    if (err) return process.stderr.write(`heap profile: ${err.message}\n`);
    const file = path.join(process.env.HEAP_PROFILE_DIR ?? '.', `${process.pid}-${++taken}.heapprofile`);
    fs.writeFileSync(file, JSON.stringify(result.profile));
    process.stderr.write(`heap profile written to ${file}\n`);
  });
});
