import http from 'node:http';
import type net from 'node:net';
import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * A small HTTP proxy in front of the gateway that checks every response against the OpenAPI
 * document the gateway serves: the status must be documented for the operation (an error
 * status may fall under `default`) and the body must match its schema. Every e2e test reaches
 * the platform through it, so a route, status or field the document misstates fails the test
 * file that saw it, in both modes.
 */

type Json = Record<string, unknown>;

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  responses: Record<string, Json>;
  pointer: string;
}

export interface ContractViolation {
  method: string;
  path: string;
  status: number;
  problem: string;
}

const DOCUMENT_ID = 'openapi.json';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];
/** Served beside the API and not part of it. */
const UNDOCUMENTED_PATHS = [/^\/docs(\/|$)/, /^\/openapi\.(json|yaml)$/, /^\/asyncapi\.json$/];

export class ContractChecker {
  private readonly validators = new Map<string, ValidateFunction>();
  readonly violations: ContractViolation[] = [];

  private constructor(
    private readonly ajv: Ajv2020,
    private readonly operations: Operation[],
  ) {}

  static async load(gatewayUrl: string): Promise<ContractChecker> {
    const document = (await (await fetch(`${gatewayUrl}/openapi.json`)).json()) as Json;
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema(document, DOCUMENT_ID);
    return new ContractChecker(ajv, operationsOf(document));
  }

  check(method: string, url: string, status: number, contentType: string | undefined, body: Buffer): void {
    const path = url.split('?')[0];
    // CORS preflights are the browser's, not operations of the API.
    if (method === 'OPTIONS' || UNDOCUMENTED_PATHS.some((pattern) => pattern.test(path))) return;
    const violation = (problem: string) => this.violations.push({ method, path: url, status, problem });
    const operation = this.operations.find((op) => op.method === method.toLowerCase() && op.pattern.test(path));
    const errorSchemaPointer = '#/components/schemas/ErrorResponse';
    if (!operation) {
      // Unknown routes and methods still answer in the error contract.
      if (status < 400) violation('no documented operation for this route');
      else this.validate(errorSchemaPointer, contentType, body, violation);
      return;
    }
    const key = String(status) in operation.responses ? String(status) : status >= 400 ? 'default' : undefined;
    const response = key ? operation.responses[key] : undefined;
    if (!key || !response) {
      violation(`status ${status} is not documented for ${operation.method.toUpperCase()} ${operation.template}`);
      return;
    }
    const content = response.content as Record<string, Json> | undefined;
    if (!content) {
      if (body.length > 0) violation(`a body was sent where ${key} documents none`);
      return;
    }
    if (!content['application/json']?.schema) return; // not JSON: nothing to check against
    const mediaType = contentType?.split(';')[0].trim();
    if (mediaType && mediaType !== 'application/json' && content[mediaType]) return; // a documented non-JSON form (NDJSON)
    const pointer = `${operation.pointer}/responses/${escape(key)}/content/application~1json/schema`;
    this.validate(`#${pointer}`, contentType, body, violation);
  }

  private validate(
    pointer: string,
    contentType: string | undefined,
    body: Buffer,
    violation: (problem: string) => void,
  ): void {
    if (!contentType?.startsWith('application/json')) {
      violation(`expected a JSON body, got content-type ${contentType ?? 'none'}`);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(body.toString('utf8'));
    } catch {
      violation('the body is not valid JSON');
      return;
    }
    const validate = this.validatorFor(pointer);
    if (!validate(value)) {
      const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`);
      violation(`body does not match ${pointer}: ${errors.join('; ')}`);
    }
  }

  private validatorFor(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }

  report(): string {
    return this.violations.map((v) => `${v.method} ${v.path} → ${v.status}: ${v.problem}`).join('\n');
  }
}

function operationsOf(document: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const regex = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
      operations.push({
        method,
        template,
        pattern: new RegExp(`^${regex}/?$`),
        responses: (operation.responses ?? {}) as Record<string, Json>,
        pointer: `/paths/${escape(template)}/${method}`,
      });
    }
  }
  // A literal segment wins over a parameter (/v1/listings/import before /v1/listings/{id}).
  return operations.sort((a, b) => paramCount(a.template) - paramCount(b.template));
}

function paramCount(template: string): number {
  return (template.match(/\{/g) ?? []).length;
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export interface ContractProxy {
  url: string;
  checker: ContractChecker;
  close(): Promise<void>;
}

/** Starts the checking proxy in front of `targetUrl` on a free loopback port. */
export async function startContractProxy(targetUrl: string): Promise<ContractProxy> {
  const checker = await ContractChecker.load(targetUrl);
  const target = new URL(targetUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    let answered = false;
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        answered = true;
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          const status = answer.statusCode ?? 0;
          checker.check(req.method ?? 'GET', req.url ?? '/', status, answer.headers['content-type'], body);
          res.writeHead(status, answer.headers);
          res.end(body);
        });
      },
    );
    // The gateway may answer early (413) and close while the body is still being sent: its answer stands.
    upstream.on('error', () => {
      if (answered) return;
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    checker,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
