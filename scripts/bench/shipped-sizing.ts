import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { AppName } from '@app/contracts';

/** What an app's manifests in k8s/base give it: the soak runs each app under these. */
export interface ShippedSizing {
  cpuRequestCores: number;
  memoryRequestMiB: number;
  memoryLimitMiB: number;
  /** `--max-old-space-size` from the Deployment's NODE_OPTIONS, if it sets one. */
  heapMiB: number | undefined;
  /** The HorizontalPodAutoscaler's CPU target, % of the request. */
  cpuTargetPercent: number;
}

/** The heap a Deployment may set: at most this share of the container's memory limit (docs/kubernetes.md#sizing). */
export const HEAP_SHARE_OF_LIMIT = 0.75;

/** A Kubernetes CPU quantity (`500m`, `1`) in cores. */
export function cpuCores(quantity: string | number): number {
  const text = String(quantity);
  return text.endsWith('m') ? Number(text.slice(0, -1)) / 1000 : Number(text);
}

/** A Kubernetes memory quantity (`384Mi`, `1Gi`, bytes) in MiB. */
export function memoryMiB(quantity: string | number): number {
  const [, amount, unit] = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi)?$/.exec(String(quantity)) ?? [];
  if (amount === undefined) throw new Error(`not a memory quantity this repository uses: ${quantity}`);
  const perMiB: Record<string, number> = { Ki: 1 / 1024, Mi: 1, Gi: 1024, '': 1 / (1024 * 1024) };
  return Number(amount) * perMiB[unit ?? ''];
}

/** The `--max-old-space-size` (MiB) in a NODE_OPTIONS value, if any. */
export function heapFlagMiB(nodeOptions: string | undefined): number | undefined {
  const match = /(?:^|\s)--max-old-space-size=(\d+)(?:\s|$)/.exec(nodeOptions ?? '');
  return match ? Number(match[1]) : undefined;
}

interface Manifest {
  kind?: string;
  metadata?: { name?: string };
  spec?: {
    metrics?: { resource?: { name?: string; target?: { averageUtilization?: number } } }[];
    template?: {
      spec?: {
        containers?: {
          env?: { name: string; value?: string }[];
          resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
        }[];
      };
    };
  };
}

/** Reads k8s/base/<app>.yaml (`root` is the repository). */
export function readShippedSizing(root: string, app: AppName): ShippedSizing {
  const file = path.join(root, 'k8s', 'base', `${app}.yaml`);
  const manifests = parseAllDocuments(fs.readFileSync(file, 'utf8')).map((doc) => doc.toJS() as Manifest);
  const of = (kind: string) => manifests.find((m) => m.kind === kind && m.metadata?.name === app);
  const container = of('Deployment')?.spec?.template?.spec?.containers?.[0];
  const resources = container?.resources;
  const cpuTarget = of('HorizontalPodAutoscaler')?.spec?.metrics?.find((m) => m.resource?.name === 'cpu');
  if (!resources?.requests?.cpu || !resources.requests.memory || !resources.limits?.memory || !cpuTarget)
    throw new Error(`${file}: the Deployment's CPU and memory requests, memory limit and the HPA's CPU target`);
  return {
    cpuRequestCores: cpuCores(resources.requests.cpu),
    memoryRequestMiB: memoryMiB(resources.requests.memory),
    memoryLimitMiB: memoryMiB(resources.limits.memory),
    heapMiB: heapFlagMiB(container?.env?.find((e) => e.name === 'NODE_OPTIONS')?.value),
    cpuTargetPercent: cpuTarget.resource?.target?.averageUtilization ?? 0,
  };
}
