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
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: ToolAnnotations;
  /** `args` already checked against the input's contract class. */
  run(principal: UserPrincipal, args: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** Descriptions of the fields the contract classes share (the classes carry the rules, not prose). */
const FIELD_HELP: Record<string, string> = {
  id: 'The id (uuid) of the record',
  property_id: 'The property (listing) id, a uuid from a search or a listing',
  question: 'The question for the broker, plain text, Arabic or English, at most 2000 characters',
  preferred_contact: 'How the broker should reach you: whatsapp (default), phone or email',
  body: 'The message, plain text, Arabic or English',
  scheduled_at: 'The viewing time, ISO 8601; must equal the start of an open slot (see availability)',
  user_phone: 'The phone the broker calls; defaults to the phone on your profile',
  notes: 'A note for the broker',
  reason: 'Why, shown to the other side',
  from: 'Start of the window, ISO 8601 (default: now)',
  to: 'End of the window, ISO 8601 (default: 14 days after from; at most 92 days)',
  limit: 'Results per page',
  offset: 'How many results to skip',
  status: 'Only records in this status',
  as: 'Whose records: buyer (the ones you made) or broker (your workspace’s)',
  stage: 'Pipeline stage: new, contacted, viewing, negotiating, closed',
  outcome: 'Outcome: bought, still_interested, not_interested; null clears it',
  locked: 'Only locked (true) or unlocked (false) leads',
  rating: 'Your rating of the viewing',
  comment: 'Your comment on the viewing',
  email: 'The e-mail address to invite',
  role: 'Workspace role: admin or agent',
  label: 'A label to recognise the key by',
  asset: 'Which balance: decisions or lead_credits',
  threshold: 'Alert when the balance falls below this number; null turns the alert off',
  city: 'City name, Arabic or English (e.g. الرياض, Jeddah), at least 2 characters',
  district: 'District name, Arabic or English, at least 2 characters',
  districts: '"true" with city: the city with every district instead of a search',
  city_id: 'City id from search_locations',
  district_id: 'District id from search_locations (resolves city and district)',
  title_en: 'Title in English',
  title_ar: 'Title in Arabic',
  description_en: 'Description in English',
  description_ar: 'Description in Arabic',
  property_type: 'apartment, villa, land, shop or office',
  price: 'Asking price in the listing currency',
  currency: 'SAR or AED',
  area_sqm: 'Area in square metres',
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  lat: 'Latitude',
  lng: 'Longitude',
  property: 'The property to score: type, price (SAR), area (m²), and optional details',
  location: 'Where it is: district_id, or city_id + district, or city + district names (Arabic or English)',
};

/**
 * The tool's input schema, generated from the same class-validator contract the REST route
 * validates with (so the two cannot drift), plus path ids, plus descriptions.
 */
export function inputSchemaOf(
  contract: Type | undefined,
  extra: { ids?: string[]; help?: Record<string, string> } = {},
): JsonSchema {
  const help = { ...FIELD_HELP, ...extra.help };
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
 * The class whose decorators validate `contract`: itself, or the contract class it extends only
 * to document (the gateway's DTOs `declare` the inherited fields for OpenAPI).
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
  const schema = inputSchemaOf(spec.input, { ids: spec.ids, help: spec.help });
  for (const field of spec.omit ?? []) delete (schema.properties as Record<string, unknown>)[field];
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    audience: spec.audience,
    inputSchema: schema,
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
