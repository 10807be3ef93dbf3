/**
 * How swc compiles this code base, for the build (scripts/build.mjs) and for jest
 * (jest.config.js): CommonJS, ES2022, and legacy decorators with their metadata as tsc emits
 * them (Nest injects by design:paramtypes, class-validator and swagger read design:type).
 * Transpiling only: `npm run typecheck` checks the types.
 */
module.exports = function swcOptions(syntax) {
  return {
    jsc: {
      parser: syntax === 'typescript' ? { syntax, decorators: true } : { syntax },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  };
};
