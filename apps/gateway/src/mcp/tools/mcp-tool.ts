import type { Type } from '@nestjs/common';
import type { Permission, Principal, WorkspaceKind } from '@app/contracts';
import { AppError, contractValidationPipe } from '@app/errors';
import { contractSchemas } from '../../http/contract-schemas';

/** The caller of a tool: a signed-in person (MCP tokens are issued to users only). */
export type UserPrincipal = Extract<Principal, { kind: 'user' }>;

/** What decides which tools a person sees: the principal, and the kind of the workspace it is a member of. */
export interface ToolCaller {
  principal: UserPrincipal;
  workspaceKind: WorkspaceKind | null;
}

type JsonSchema = Record<string, unknown>;

/**
 * Who sees a tool. `session` and `buyer`: every signed-in user (brokers and developers are buyers
 * too, spec 4.6). `broker`: a member of a broker workspace whose workspace role holds the
 * permission, by the rule the REST routes follow (identity/access/access-rules.ts); the account's
 * sign-up role plays no part, so a buyer invited as agent gets the agent's tools. `developer`:
 * the same, in a developer workspace.
 */
export type ToolAudience =
  | { kind: 'session' }
  | { kind: 'buyer' }
  | { kind: 'broker'; permission: Permission }
  | { kind: 'developer'; permission: Permission };

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint?: boolean;
}

/** One tool of the catalogue: its MCP description and the service call its REST route makes. */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  audience: ToolAudience;
  /** Built once the contract classes' descriptions are loaded (the catalogue does it at start). */
  inputSchema(descriptions: ContractDescriptions): JsonSchema;
  outputSchema: JsonSchema;
  annotations: ToolAnnotations;
  /** `args` already checked against the input's contract class. */
  run(principal: UserPrincipal, args: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/**
 * The doc comment of each contract class's fields, by class name (openapi/contract-metadata.ts): a
 * tool describes its arguments as the REST route's document does, from the same comments.
 */
export type ContractDescriptions = ReadonlyMap<string, Readonly<Record<string, string>>>;

/** Where an assistant finds the id a path names, when the tool does not say. */
const PATH_ID_HELP: Record<string, string> = {
  property_id: 'The property (listing) id, a uuid from a search or a listing',
  saved_search_id: 'The saved search id (uuid) from buyer_list_saved_searches or buyer_save_search',
};

/** `contract`'s field descriptions, its own over those of the classes it extends. */
function describedFields(contract: Type | undefined, descriptions: ContractDescriptions): Record<string, string> {
  const found: Record<string, string> = {};
  for (let type: unknown = contract; typeof type === 'function' && type.name; type = Object.getPrototypeOf(type)) {
    for (const [field, text] of Object.entries(descriptions.get(type.name) ?? {})) found[field] ??= text;
  }
  return found;
}

/**
 * The tool's input schema, generated from the same class-validator contract the REST route
 * validates with (so the two cannot drift), plus path ids, described by the contract's doc
 * comments unless the tool says more (`help`: its path ids, which tool gives them).
 */
export function inputSchemaOf(
  contract: Type | undefined,
  descriptions: ContractDescriptions,
  extra: { ids?: string[]; help?: Record<string, string> } = {},
): JsonSchema {
  const help = { ...PATH_ID_HELP, ...describedFields(contract, descriptions), ...extra.help };
  const validated = contract ? validatedClassOf(contract) : undefined;
  const generated = validated ? contractSchemas(validated) : {};
  const root = validated ? generated[validated.name] : { type: 'object', properties: {} };
  const defs = Object.fromEntries(Object.entries(generated).filter(([name]) => name !== validated?.name));
  const properties: Record<string, JsonSchema> = {};
  for (const id of extra.ids ?? []) properties[id] = { type: 'string', format: 'uuid' };
  Object.assign(properties, (root.properties ?? {}) as Record<string, JsonSchema>);
  for (const [name, schema] of Object.entries(properties)) {
    properties[name] = { ...schema, description: help[name] ?? `The ${name.replace(/_/g, ' ')}` };
  }
  const required = [...(extra.ids ?? []), ...((root.required as string[] | undefined) ?? [])];
  return relocateRefs({
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
    ...(Object.keys(defs).length ? { $defs: defs } : {}),
  }) as JsonSchema;
}

/**
 * The class whose decorators validate `contract`: itself, or the class it extends when it adds
 * no rule of its own (`class UpdateProjectBody extends ProjectFieldsInput {}`).
 */
function validatedClassOf(contract: Type): Type {
  for (let candidate: unknown = contract; typeof candidate === 'function';) {
    try {
      contractSchemas(candidate);
      return candidate as Type;
    } catch {
      candidate = Object.getPrototypeOf(candidate);
    }
  }
  throw new Error(`No class-validator metadata for ${contract.name} or a class it extends`);
}

/** References of the generated schemas point into OpenAPI components; in a tool schema they live in $defs. */
function relocateRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(relocateRefs);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/components/schemas/', '#/$defs/')
        : relocateRefs(value),
    ]),
  );
}

/** A result's shape: the top-level fields an assistant relies on; records inside stay open. */
export function outputSchemaOf(description: string, fields: Record<string, string>): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries(fields).map(([name, type]) => [
      name,
      type.endsWith('|null') ? { type: [type.slice(0, -5), 'null'] } : { type },
    ]),
  );
  return { type: 'object', description, properties, required: Object.keys(fields), additionalProperties: true };
}

const pipe = contractValidationPipe();

/**
 * The arguments checked the way the REST route checks its body or query: the same contract
 * class and pipe (unknown fields refused, types converted); a bad value is `validation_error`
 * naming the field. Path ids must be strings; the service then answers 404 for a bad one.
 */
export async function checkedArgs(
  raw: unknown,
  contract: Type | undefined,
  ids: string[] = [],
): Promise<{ ids: Record<string, string>; body: Record<string, unknown> }> {
  const args = raw && typeof raw === 'object' && !Array.isArray(raw) ? { ...(raw as Record<string, unknown>) } : {};
  const found: Record<string, string> = {};
  for (const id of ids) {
    const value = args[id];
    if (typeof value !== 'string' || value.length === 0) {
      throw new AppError('validation_error', `${id} is required and must be a string`, { field: id });
    }
    found[id] = value;
    delete args[id];
  }
  if (!contract) {
    const unknown = Object.keys(args)[0];
    if (unknown) throw new AppError('validation_error', `property ${unknown} should not exist`, { field: unknown });
    return { ids: found, body: {} };
  }
  const body = (await pipe.transform(args, { type: 'body', metatype: contract })) as Record<string, unknown>;
  return { ids: found, body };
}

/** Annotations of the three kinds of tool the catalogue has. */
export const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true };
export const WRITE: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false };
export const UPDATE: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true };
export const DELETE: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true };

/**
 * A tool from its parts: the arguments are checked before `call` sees them, as an instance of
 * `input` (its defaults filled in).
 */
export function defineTool<TBody extends object = Record<string, unknown>>(spec: {
  name: string;
  title: string;
  description: string;
  audience: ToolAudience;
  annotations: ToolAnnotations;
  /** The REST route's contract class for the body or query, if any. */
  input?: Type<TBody>;
  /** Path ids of the REST route, as required string arguments. */
  ids?: string[];
  /** Fields of `input` the tool fixes itself (e.g. `as` of a list). */
  omit?: string[];
  help?: Record<string, string>;
  output: JsonSchema;
  call(principal: UserPrincipal, body: TBody, ids: Record<string, string>): Promise<unknown>;
  /** How a result that is not an object (a 204, a list) becomes one. */
  wrap?: (result: unknown) => Record<string, unknown>;
}): McpTool {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    audience: spec.audience,
    inputSchema(descriptions) {
      const schema = inputSchemaOf(spec.input, descriptions, { ids: spec.ids, help: spec.help });
      for (const field of spec.omit ?? []) delete (schema.properties as Record<string, unknown>)[field];
      return schema;
    },
    outputSchema: spec.output,
    annotations: spec.annotations,
    async run(principal, raw) {
      for (const field of spec.omit ?? []) {
        if (raw && field in raw) {
          throw new AppError('validation_error', `property ${field} should not exist`, { field });
        }
      }
      const { ids, body } = await checkedArgs(raw, spec.input, spec.ids);
      const result = await spec.call(principal, body as TBody, ids);
      return spec.wrap ? spec.wrap(result) : (result as Record<string, unknown>);
    },
  };
}
