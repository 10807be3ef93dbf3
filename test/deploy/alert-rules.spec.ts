/**
 * The alert rules: valid for Prometheus, each one firing on the series it is for and quiet on
 * healthy ones (promtool runs deploy/prometheus/alerts.test.yml), and shipped to Kubernetes
 * unchanged as the production overlay's PrometheusRule.
 */
import { execFileSync, spawnSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';
import { parse } from 'yaml';
import { renderKustomization } from './kustomize';

const RULES_DIR = join(__dirname, '..', '..', 'deploy', 'prometheus');
const rulesFile = parse(readFileSync(join(RULES_DIR, 'alerts.yml'), 'utf8')) as { groups: unknown[] };

/**
 * Debian's `prometheus` package brings promtool (.ci/run installs it and sets PROMTOOL, which
 * makes it required); a machine without it skips the evaluation and says so.
 */
const promtool = process.env.PROMTOOL ?? 'promtool';
const promtoolFound = spawnSync(promtool, ['--version']).status === 0;
if (!promtoolFound && process.env.PROMTOOL) throw new Error(`PROMTOOL=${promtool} does not run`);
if (!promtoolFound)
  process.stdout.write('\npromtool not found (apt-get install prometheus): alert rule tests skipped\n');

(promtoolFound ? describe : describe.skip)('deploy/prometheus/alerts.yml with promtool', () => {
  const run = (...args: string[]) => execFileSync(promtool, args, { cwd: RULES_DIR, encoding: 'utf8' });

  it('should be a valid rules file', () => {
    expect(run('check', 'rules', 'alerts.yml')).toContain('SUCCESS');
  });

  it('should fire each alert on the series it is for and stay quiet on healthy ones', () => {
    expect(run('test', 'rules', 'alerts.test.yml')).toContain('SUCCESS');
  });

  it('should have a promtool case for every alert', () => {
    const alerts = rulesFile.groups.flatMap((group) =>
      ((group as { rules: { alert?: string }[] }).rules ?? []).map((rule) => rule.alert),
    );
    const tested = readFileSync(join(RULES_DIR, 'alerts.test.yml'), 'utf8');
    expect(alerts.filter((alert) => !tested.includes(`alertname: ${alert}\n`))).toEqual([]);
  });
});

describe('k8s/overlays/production', () => {
  it('should ship the rules file unchanged as a PrometheusRule (npm run alerts:sync)', () => {
    const rule = renderKustomization('overlays/production').find((o) => o.kind === 'PrometheusRule') as
      { spec?: { groups?: unknown[] } } | undefined;
    expect(rule?.spec?.groups).toEqual(rulesFile.groups);
  });
});
