import { getMetadataStorage } from 'class-validator/cjs/metadata/MetadataStorage';
import type { MetadataStorage } from 'class-validator/cjs/metadata/MetadataStorage';

type TargetMetadatas = ReturnType<MetadataStorage['getTargetValidationMetadatas']>;
type Grouped = ReturnType<MetadataStorage['groupByPropertyName']>;

let installed = false;

/**
 * class-validator recomputes a class's rules on every validate(): it filters the class's
 * metadata and tests the class against every decorated class of the process for inherited
 * rules (a few hundred `instanceof` here), then groups them by property. The rules only change
 * when a decorator runs, at module load, so the result is kept per class and options and
 * dropped whenever a rule is added. Callers only read these arrays (ValidationExecutor).
 */
export function cacheValidationMetadata(): void {
  if (installed) return;
  installed = true;
  const storage = getMetadataStorage();
  const compute = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const addMetadata = storage.addValidationMetadata.bind(storage);
  let byTarget = new Map<unknown, Map<string, TargetMetadatas>>();
  let grouped = new WeakMap<TargetMetadatas, Grouped>();

  storage.addValidationMetadata = (metadata) => {
    byTarget = new Map();
    grouped = new WeakMap();
    addMetadata(metadata);
  };
  storage.getTargetValidationMetadatas = (target, targetSchema, always, strictGroups, groups) => {
    const key = `${targetSchema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let entries = byTarget.get(target);
    if (!entries) byTarget.set(target, (entries = new Map<string, TargetMetadatas>()));
    let metadatas = entries.get(key);
    if (!metadatas) entries.set(key, (metadatas = compute(target, targetSchema, always, strictGroups, groups)));
    return metadatas;
  };
  storage.groupByPropertyName = (metadatas) => {
    let result = grouped.get(metadatas);
    if (!result) grouped.set(metadatas, (result = group(metadatas)));
    return result;
  };
}
