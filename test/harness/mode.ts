export type E2eMode = 'standalone' | 'distributed';

declare const E2E_MODE: E2eMode;

/** Which run of the end-to-end suite this is (jest project globals). */
export const e2eMode: E2eMode = E2E_MODE;

/** Why the distributed run is skipped on this machine, if it is. */
export const skipReason: string | undefined = e2eMode === 'distributed' ? process.env.E2E_DISTRIBUTED_SKIP : undefined;

/** `describe` for the end-to-end suite: skipped (and says why) where the mode cannot run here. */
export const describeE2e = (name: string, fn: () => void): void =>
  skipReason ? describe.skip(`${name} (skipped: ${skipReason})`, fn) : describe(`${name} [${e2eMode}]`, fn);

/** Cases that only mean something with real processes (stopping one service, two gateways). */
export const describeDistributed = (name: string, fn: () => void): void =>
  e2eMode === 'distributed' && !skipReason ? describe(`${name} [distributed]`, fn) : describe.skip(name, fn);

/** Cases about the standalone runner itself (`npm start`): run once, in the standalone suite. */
export const describeStandalone = (name: string, fn: () => void): void =>
  e2eMode === 'standalone' ? describe(`${name} [standalone]`, fn) : describe.skip(name, fn);
