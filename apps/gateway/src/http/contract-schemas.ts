import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';

type Schema = Record<string, unknown>;

const REF_PREFIX = '#/components/schemas/';

/**
 * JSON Schemas generated from the class-validator decorators of the contract classes, for the MCP
 * tools' input and output schemas (the OpenAPI document comes from the plugin's metadata,
 * docs/openapi.md). Built once, on first use.
 */
let generated: Record<string, Schema> | undefined;

function allContractSchemas(): Record<string, Schema> {
  generated ??= validationMetadatasToSchemas({
    classTransformerMetadataStorage: defaultMetadataStorage,
    refPointerPrefix: REF_PREFIX,
  }) as Record<string, Schema>;
  return generated;
}

/** The schema of `contract` and of every class it references, cleaned for OpenAPI 3.1, by name. */
export function contractSchemas(contract: { name: string }): Record<string, Schema> {
  const all = allContractSchemas();
  const found: Record<string, Schema> = {};
  const visit = (name: string): void => {
    if (found[name]) return;
    const schema = all[name];
    if (!schema) throw new Error(`No class-validator metadata for ${name}: is it a contract class?`);
    found[name] = clean(schema) as Schema;
    for (const ref of referencedNames(found[name])) visit(ref);
  };
  visit(contract.name);
  return found;
}

/** `not: {type: null}` restates `type`, and a `$ref` needs no sibling `type`. */
function clean(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(clean);
  if (node === null || typeof node !== 'object') return node;
  const { not, ...rest } = node as Record<string, unknown>;
  const keep = isNullGuard(not) ? rest : { ...rest, ...(not === undefined ? {} : { not }) };
  if (typeof keep.$ref === 'string') delete keep.type;
  return Object.fromEntries(Object.entries(keep).map(([key, value]) => [key, clean(value)]));
}

function isNullGuard(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'null';
}

function referencedNames(node: unknown, names: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => referencedNames(item, names));
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(REF_PREFIX))
        names.push(value.slice(REF_PREFIX.length));
      else referencedNames(value, names);
    }
  }
  return names;
}
