// Validates Kubernetes objects against the API's OpenAPI schemas, offline: kubernetes-models ships
// them compiled (ajv) per apiVersion and kind. Reads a JSON array of objects on stdin and prints a
// JSON array of { kind, name, problem } for every object that fails or has no schema.
// A separate ES module process because kubernetes-models is published only as ES modules and the
// jest projects run CommonJS (kustomize-overlays.spec.ts starts it).
import { readFileSync } from 'node:fs';
import process from 'node:process';

/** Custom resources come from their own kubernetes-models package (the Prometheus Operator's rules). */
const CUSTOM_RESOURCE_MODELS = { 'monitoring.coreos.com': '@kubernetes-models/prometheus-operator' };

function modelsModule(apiVersion) {
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
  const custom = CUSTOM_RESOURCE_MODELS[group];
  return custom ? `${custom}/${apiVersion}` : `kubernetes-models/${apiVersion}`;
}

const objects = JSON.parse(readFileSync(0, 'utf8'));
const problems = [];
for (const object of objects) {
  const kind = object?.kind;
  const name = object?.metadata?.name;
  const apiVersion = String(object?.apiVersion ?? '');
  // kubernetes-models lays out one module per API group and version: v1, apps/v1, autoscaling/v2, …
  let models;
  try {
    models = await import(modelsModule(apiVersion));
  } catch {
    problems.push({ kind, name, problem: `no schema for apiVersion ${apiVersion}` });
    continue;
  }
  const Model = models[kind];
  if (typeof Model !== 'function' || typeof Model.prototype.validate !== 'function') {
    problems.push({ kind, name, problem: `no schema for ${apiVersion} ${kind}` });
    continue;
  }
  // kustomize wraps long base64 values in Secret data at 70 columns; the API server's decoder skips
  // the newlines, while the schema's "byte" format does not.
  if (kind === 'Secret' && object.data) {
    object.data = Object.fromEntries(
      Object.entries(object.data).map(([key, value]) => [key, String(value).replace(/\s/g, '')]),
    );
  }
  try {
    new Model(object).validate();
  } catch (error) {
    problems.push({ kind, name, problem: String(error.message ?? error) });
  }
}
process.stdout.write(JSON.stringify(problems));
