import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stageBreakdown } from './cpu-stages';
import { runLoad } from './load';
import { choiceOption, option, positiveOption } from './options';
import { importGazetteer, startStandalone } from './platforms';
import type { Mode } from './platforms';
import { runBench, using } from './running';
import { PROPERTY_LISTINGS, PROPERTY_PATHS, seedPublishedListings } from './properties';
import { locationPaths } from './workload';

/**
 * `npm run bench:profile`: the standalone platform (gateway, services and in-process transport
 * in one Node process) started with `--cpu-prof` (log level warn),
 * `GET /v1/locations` (or, with `--route=properties`, GET /v1/properties' search mix over
 * 100,000 published listings) under load (50 connections), then the CPU time of each process
 * split by stage of the request path (cpu-stages.ts). Options: route, duration (s), connections,
 * gazetteer (a folder, or none), keep (leave the .cpuprofile files in the printed folder).
 */
const DEFAULT_GAZETTEER = path.join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'locations', 'saudi');

async function profileMode(mode: Mode): Promise<void> {
  const durationS = positiveOption('duration', 15);
  const route = choiceOption('route', ['locations', 'properties'], 'locations');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pdp-profile-${mode}-`));
  // The process writes its profile when it exits (Node 20 refuses --cpu-prof in NODE_OPTIONS).
  const platform = await startStandalone(['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  const result = await using(platform, async () => {
    const gazetteer = option('gazetteer', DEFAULT_GAZETTEER);
    if (gazetteer !== 'none' && fs.existsSync(gazetteer)) await importGazetteer(platform, gazetteer);
    const headers = { authorization: `Bearer ${await platform.apiKey()}` };
    if (route === 'properties') await seedPublishedListings(platform.databaseUrl, PROPERTY_LISTINGS);
    const paths = route === 'properties' ? PROPERTY_PATHS : locationPaths();
    const workload = { method: 'GET' as const, paths, headers };
    await runLoad(platform.baseUrl, workload, { durationS: 2, connections: 10 });
    return runLoad(platform.baseUrl, workload, {
      durationS,
      connections: positiveOption('connections', 50),
    });
  });
  const lines = [`\n== ${mode}: GET /v1/${route}, ${result.requestsPerSecond} req/s under the profiler ==`];
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const shares = stageBreakdown(path.join(dir, file), durationS);
    // Processes that did no request work (the launcher, idle services) are left out.
    if (!shares.some((share) => share.stage.startsWith('HTTP') || share.stage.startsWith('transport'))) continue;
    lines.push(`-- ${file}`, ...shares.map((share) => `${share.percent.toFixed(1).padStart(6)} %  ${share.stage}`));
  }
  if (option('keep', 'false') === 'true') lines.push(`Profiles kept in ${dir}`);
  else fs.rmSync(dir, { recursive: true, force: true });
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  await profileMode('standalone');
}

runBench('bench:profile', main);
