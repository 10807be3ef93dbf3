/**
 * Jest transform for the ESM-only packages of jest.config.js (ESM_ONLY): swc rewrites their
 * import/export to CommonJS for jest's runtime (Node itself loads them natively, through
 * require(esm)). `import.meta` has no CommonJS form, so its uses are rewritten first:
 * `createRequire(import.meta.url)` becomes jest's own require (one module registry, so a
 * package required that way is the same instance the test imports), the rest their CommonJS
 * equivalents. Takes the swc options jest.config.js gives it.
 */
const swcJest = require('@swc/jest');

function withoutImportMeta(source) {
  if (!source.includes('import.meta')) return source;
  return source
    .replace(/^const require = createRequire\(import\.meta\.url\);$/gm, '')
    .replace(/createRequire\(import\.meta\.url\)/g, 'require')
    .replace(/import\.meta\.url/g, "require('node:url').pathToFileURL(__filename).href")
    .replace(/import\.meta\.dirname/g, '__dirname')
    .replace(/import\.meta\.filename/g, '__filename')
    .replace(/import\.meta\.resolve\(/g, 'require.resolve(');
}

module.exports = {
  createTransformer(swcOptions) {
    const swc = swcJest.createTransformer(swcOptions);
    return {
      process: (source, path, options) => swc.process(withoutImportMeta(source), path, options),
      getCacheKey: (source, path, options) => swc.getCacheKey(withoutImportMeta(source), path, options),
    };
  },
};
