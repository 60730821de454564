import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Every answer the API e2e suites receive, checked against the OpenAPI document: its status must be
 * one the operation documents and its JSON body must match that status's schema. A mismatch is
 * recorded and fails the test that made the request (`expectAnswersMatchTheDocument`, run after
 * each test by jest.setup-e2e.ts), so the document cannot drift from what clients get.
 */
export interface ContractMismatch {
  operation: string;
  status: number;
  problem: string;
}

const mismatches: ContractMismatch[] = [];

/** What was recorded since the last call, cleared. */
export function takeContractMismatches(): ContractMismatch[] {
  return mismatches.splice(0, mismatches.length);
}

type Json = Record<string, unknown>;

/** `#/components/...` references inside the document, as references into the schema `oas`. */
function rooted(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rooted);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema as Json).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `oas${value}`
        : rooted(value),
    ]),
  );
}

/** Fastify's `/api/events/:id` as the document writes it, `/api/events/{id}`; `*` is `{path}`. */
export const documentPath = (route: string): string =>
  route.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}');

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** The document's validators, one per operation and status, compiled on first use. */
export class OpenApiContract {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenAPIObject) {
    this.ajv.addSchema({ components: rooted(document.components ?? {}) }, 'oas');
  }

  /** The problem with one answer, or undefined when it is the document. */
  check(method: string, route: string, status: number, body: unknown): string | undefined {
    const item = this.document.paths[documentPath(route)] as Record<string, Operation> | undefined;
    const operation = item?.[method.toLowerCase()];
    if (!operation) return `${method} ${documentPath(route)} is not in the document`;
    const response = operation.responses?.[String(status)] ?? operation.responses?.default;
    if (!response) {
      const listed = Object.keys(operation.responses ?? {}).join(', ');
      return `status ${status} is not documented (documented: ${listed})`;
    }
    const schema = response.content?.['application/json']?.schema;
    if (!schema || body === undefined) return undefined;
    const key = `${method} ${route} ${status}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(rooted(schema) as Json);
      this.compiled.set(key, validate);
    }
    if (validate(body)) return undefined;
    return this.ajv.errorsText(validate.errors, { dataVar: 'body' });
  }
}

const CHECKED = Symbol('contract checked');
type Checked = { [CHECKED]?: boolean };

/**
 * Records every JSON answer of `fastify` that does not match the document (built on first use,
 * once the app's routes exist). Objects are checked before serialization (compression comes
 * after), ready-made JSON strings as they are sent. Routes outside the document (the site's pages,
 * served files, Swagger's own) are not the API's contract; HEAD is GET without a body.
 */
export function recordContractMismatches(
  fastify: FastifyInstance,
  document: () => OpenAPIObject,
): void {
  let contract: { document: OpenAPIObject; check: OpenApiContract } | undefined;
  const verify = (request: FastifyRequest, status: number, body: unknown) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/') || route.startsWith('/api/docs')) return;
    if (!contract) {
      const built = document();
      contract = { document: built, check: new OpenApiContract(built) };
    }
    if (!(documentPath(route) in contract.document.paths)) return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const problem = contract.check.check(method, route, status, body);
    if (problem) {
      mismatches.push({ operation: `${method} ${documentPath(route)}`, status, problem });
    }
  };
  fastify.addHook('preSerialization', async (request, reply, payload) => {
    (request as Checked)[CHECKED] = true;
    verify(request, reply.statusCode, payload);
    return payload;
  });
  fastify.addHook('onSend', async (request, reply, payload) => {
    if ((request as Checked)[CHECKED]) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    let body: unknown;
    const text = typeof payload === 'string' || Buffer.isBuffer(payload);
    if (type.startsWith('application/json') && text && !reply.getHeader('content-encoding')) {
      try {
        body = JSON.parse(payload.toString());
      } catch {
        body = undefined;
      }
    }
    verify(request, reply.statusCode, body);
    return payload;
  });
}
