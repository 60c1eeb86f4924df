/**
 * Holds every answer of the in-process app to the published contract (`contract/openapi.json`):
 * the status must be documented for the operation, and a JSON body must match the schema given
 * for that status, checked with a real JSON Schema validator (Ajv, draft 2020-12, the dialect of
 * OpenAPI 3.1). A body the server accepted (2xx) must match the operation's request schema too, so
 * the server never takes what the contract says it refuses.
 *
 * `holdToContract(app)` wraps the app's `fetch` (which `app.request` goes through); the test
 * harness does it for every test app, so no test asks for it. A departure throws
 * `ContractViolation` from the call that caused it and is remembered, so a test that swallows the
 * error still fails in `afterEach` (see `takeViolations`).
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Json = Record<string, any>;
type Operation = {
  method: string;
  template: string;
  pattern: RegExp;
  /** Literal characters in the template: the most specific template wins (`/a/b` over `/a/{id}`). */
  literal: number;
  operationId: string;
  pointer: string;
  operation: Json;
};

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const CONTRACT_ID = 'https://workspace.example/contract/openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

/** The contract, compiled once per worker. */
class Contract {
  readonly document: Json;
  readonly ajv: Ajv2020;
  private readonly operations: Operation[];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(document: Json) {
    this.document = document;
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true, logger: false });
    addFormats(this.ajv);
    this.ajv.addSchema({ ...document, $id: CONTRACT_ID });
    this.operations = [];
    for (const [template, item] of Object.entries<Json>(document.paths ?? {})) {
      for (const method of METHODS) {
        const operation = item[method] as Json | undefined;
        if (!operation) continue;
        const source = template
          .split(/(\{[^}]+\})/)
          .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
          .join('');
        this.operations.push({
          method,
          template,
          pattern: new RegExp(`^${source}$`),
          literal: template.replace(/\{[^}]+\}/g, '').length,
          operationId: operation.operationId ?? `${method} ${template}`,
          pointer: `#/paths/${escapePointer(template)}/${method}`,
          operation,
        });
      }
    }
    this.operations.sort((a, b) => b.literal - a.literal);
  }

  /** The operation a request reaches, if the contract has one (a HEAD is checked as its GET). */
  find(method: string, path: string): Operation | undefined {
    const wanted = method.toLowerCase();
    const candidates = this.operations.filter((op) => op.pattern.test(path));
    return (
      candidates.find((op) => op.method === wanted) ??
      (wanted === 'head' ? candidates.find((op) => op.method === 'get') : undefined)
    );
  }

  /** A validator for the schema at `pointer` inside the contract (its `$ref`s resolve in the contract). */
  validator(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${CONTRACT_ID}${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }
}

let contract: Contract | undefined;
function loadContract(): Contract {
  contract ??= new Contract(
    JSON.parse(readFileSync(new URL('../../contract/openapi.json', import.meta.url), 'utf8')) as Json,
  );
  return contract;
}

const isJson = (contentType: string | null) =>
  !!contentType && /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType.split(';')[0]!.trim());

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 8)
    .map((error) => `  ${error.instancePath || '(root)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`)
    .join('\n');
}

/** The documented response for `status`: its own entry, its `4XX`-style range, or `default`. */
function documentedResponse(operation: Json, status: number): { key: string; response: Json } | undefined {
  const responses = (operation.responses ?? {}) as Record<string, Json>;
  for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
    if (responses[key]) return { key, response: responses[key] };
  }
  return undefined;
}

export type Exchange = {
  method: string;
  /** The path under `/api`, without the query. */
  path: string;
  requestContentType: string | null;
  requestBody: string | undefined;
  status: number;
  responseContentType: string | null;
  /** The response text, or undefined when it is not read (a stream, a HEAD, an empty answer). */
  responseBody: string | undefined;
};

/**
 * What in one exchange departs from the contract, as messages (empty when it conforms). Paths
 * the contract does not describe (the SPA, an unknown `/api` route answered by the 404 envelope)
 * are checked only as far as the envelope goes.
 */
export function judge(exchange: Exchange): string[] {
  const c = loadContract();
  const problems: string[] = [];
  const where = `${exchange.method} ${exchange.path} → ${exchange.status}`;
  const operation = c.find(exchange.method, exchange.path);
  if (!operation) {
    if (exchange.status >= 400 && isJson(exchange.responseContentType) && exchange.responseBody) {
      const validate = c.validator('#/components/schemas/Error');
      if (!validate(JSON.parse(exchange.responseBody)))
        problems.push(
          `${where}: an error outside every operation is not the error envelope:\n${describeErrors(validate.errors)}`,
        );
    }
    return problems;
  }
  const name = `${operation.operationId} (${operation.method.toUpperCase()} ${operation.template})`;
  const documented = documentedResponse(operation.operation, exchange.status);
  if (!documented) {
    const listed = Object.keys(operation.operation.responses ?? {}).join(', ');
    problems.push(`${where}: status ${exchange.status} is not documented for ${name} (documented: ${listed})`);
    return problems;
  }
  const content = (documented.response.content ?? {}) as Record<string, Json>;
  const mediaTypes = Object.keys(content);
  if (exchange.responseBody !== undefined && exchange.responseBody !== '' && exchange.method !== 'HEAD') {
    if (mediaTypes.length === 0) {
      problems.push(`${where}: ${name} documents no body for ${documented.key}, the server sent one`);
    } else if (isJson(exchange.responseContentType)) {
      const mediaType = mediaTypes.find((type) => isJson(type)) ?? (content['*/*'] ? '*/*' : undefined);
      if (!mediaType) {
        problems.push(
          `${where}: ${name} documents ${mediaTypes.join(', ')} for ${documented.key}, the server sent JSON`,
        );
      } else if (content[mediaType]!.schema) {
        const pointer = `${operation.pointer}/responses/${escapePointer(documented.key)}/content/${escapePointer(mediaType)}/schema`;
        const validate = c.validator(pointer);
        let body: unknown;
        try {
          body = JSON.parse(exchange.responseBody);
        } catch {
          problems.push(`${where}: ${name} answered ${exchange.responseContentType} that is not JSON`);
          return problems;
        }
        if (!validate(body)) {
          problems.push(
            `${where}: the body departs from ${name}'s ${documented.key} schema:\n${describeErrors(validate.errors)}`,
          );
        }
      }
    } else {
      const sent = (exchange.responseContentType ?? '').split(';')[0]!.trim().toLowerCase();
      const listedType = mediaTypes.some((type) => type === '*/*' || type.toLowerCase() === sent);
      if (!listedType)
        problems.push(
          `${where}: ${name} documents ${mediaTypes.join(', ')} for ${documented.key}, the server sent ${sent || 'no type'}`,
        );
    }
  }
  // What the server accepted must be what the contract accepts.
  const requestJson = operation.operation.requestBody?.content?.['application/json'];
  if (
    exchange.status < 300 &&
    requestJson?.schema &&
    exchange.requestBody !== undefined &&
    exchange.requestBody !== '' &&
    isJson(exchange.requestContentType)
  ) {
    let body: unknown;
    try {
      body = JSON.parse(exchange.requestBody);
    } catch {
      problems.push(`${where}: ${name} accepted a body that is not JSON`);
      return problems;
    }
    const validate = c.validator(`${operation.pointer}/requestBody/content/application~1json/schema`);
    if (!validate(body)) {
      problems.push(
        `${where}: ${name} accepted a body its request schema refuses:\n${describeErrors(validate.errors)}`,
      );
    }
  }
  return problems;
}

const remembered: string[] = [];

/** The violations seen since the last call (the harness fails the test with them in `afterEach`). */
export function takeViolations(): string[] {
  return remembered.splice(0);
}

/** A response's text, decompressed when the app compressed it (the chart is sent gzipped to clients that take it). */
async function textOf(response: Response): Promise<string> {
  const copy = response.clone();
  const encoding = copy.headers.get('content-encoding')?.trim().toLowerCase();
  if (!encoding || encoding === 'identity' || !copy.body) return copy.text();
  if (encoding !== 'gzip' && encoding !== 'deflate') throw new ContractViolation(`cannot read a ${encoding} body`);
  return new Response(copy.body.pipeThrough(new DecompressionStream(encoding))).text();
}

type FetchLike = (request: Request, ...rest: any[]) => Response | Promise<Response>;

/**
 * Wraps `app.fetch` so every exchange is judged. Streams (`text/event-stream`) have their status
 * and type checked only; their body never ends by itself.
 */
export function holdToContract<App extends { fetch: FetchLike }>(app: App): App {
  const original = app.fetch.bind(app);
  app.fetch = (async (request: Request, ...rest: any[]) => {
    const url = new URL(request.url);
    const requestContentType = request.headers.get('content-type');
    const requestBody = isJson(requestContentType) && request.body ? await request.clone().text() : undefined;
    const response = await original(request, ...rest);
    if (!url.pathname.startsWith('/api/')) return response;
    const responseContentType = response.headers.get('content-type');
    const streaming = responseContentType?.startsWith('text/event-stream') ?? false;
    const readable = !streaming && request.method !== 'HEAD' && response.body !== null;
    const problems = judge({
      method: request.method,
      path: url.pathname.slice('/api'.length),
      requestContentType,
      requestBody,
      status: response.status,
      responseContentType,
      responseBody: readable && isJson(responseContentType) ? await textOf(response) : readable ? '(body)' : undefined,
    });
    if (problems.length > 0) {
      remembered.push(...problems);
      throw new ContractViolation(problems.join('\n'));
    }
    return response;
  }) as App['fetch'];
  return app;
}
