// `npm run build`: every app, lib and script of tsconfig.build.json compiled by swc into dist/
// (one CommonJS file and its source map per source, the `@app/*` paths rewritten to relative
// ones), the browser files the gateway serves copied beside their module, and the stamp
// `npm test` compares the sources against (scripts/build-if-stale.mjs). swc only transpiles, in
// about a tenth of tsc's time; `npm run typecheck` checks the types.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { transformFile } from '@swc/core';

const require = createRequire(import.meta.url);
const swcOptions = require('./swc-options.cjs');

const OUT = 'dist';
// The folders tsconfig.build.json includes (apps, libs, scripts), without its specs and no declarations.
const SOURCES = JSON.parse(readFileSync('tsconfig.build.json', 'utf8')).include.map((glob) => glob.split('/')[0]);
const NOT_BUILT = /(\.spec|\.e2e-spec|\.d)\.ts$/;
/** Plain JavaScript and CSS the gateway serves, not compiled: found where the source had them. */
const BROWSER_ASSETS = ['apps/gateway/src/widget-page/assets'];

const { compilerOptions } = JSON.parse(readFileSync('tsconfig.json', 'utf8'));
const base = swcOptions('typescript');
const options = {
  ...base,
  jsc: { ...base.jsc, baseUrl: path.resolve('.'), paths: compilerOptions.paths },
  sourceMaps: true,
};

const sources = SOURCES.flatMap((folder) =>
  readdirSync(folder, { recursive: true })
    .map((file) => path.join(folder, file))
    .filter((file) => file.endsWith('.ts') && !NOT_BUILT.test(file)),
);

rmSync(OUT, { recursive: true, force: true }); // nothing left over from a source that is gone
await Promise.all(
  sources.map(async (source) => {
    const target = path.join(OUT, source.replace(/\.ts$/, '.js'));
    const { code, map } = await transformFile(source, { ...options, filename: source, outputPath: target });
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, `${code}\n//# sourceMappingURL=${path.basename(target)}.map\n`);
    writeFileSync(`${target}.map`, map);
  }),
);
for (const folder of BROWSER_ASSETS) cpSync(folder, path.join(OUT, folder), { recursive: true });
writeFileSync(path.join(OUT, '.build-stamp'), '');
process.stdout.write(`Built ${sources.length} files into ${OUT}/\n`);
