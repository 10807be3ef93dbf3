// `npm test` runs this first: it builds only when a source the build reads is newer than the
// last build (dist/.build-stamp, written when `npm run build` ends), so a test run right after
// a build (as in .ci/run) does not compile everything again.
import { spawnSync } from 'node:child_process';
import process from 'node:process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const STAMP = 'dist/.build-stamp';
const SOURCES = ['apps', 'libs', 'scripts'];
const FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];

function newest(entry) {
  const stat = statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((latest, name) => Math.max(latest, newest(path.join(entry, name))), stat.mtimeMs);
}

const built = statSync(STAMP, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changed = Math.max(...SOURCES.map(newest), ...FILES.map(newest));
if (built > changed) {
  process.stdout.write('dist/ is newer than every source: not building again\n');
} else {
  const { status } = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  process.exit(status ?? 1);
}
