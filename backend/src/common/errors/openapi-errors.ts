import { INestApplication, Type } from '@nestjs/common';
import { PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject, OperationObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { ALLOWS_INCOMPLETE_PROFILE, IS_PUBLIC, MEMBER, ROLES } from '../auth/auth.decorators';
import { rateLimitBucketOfHandler, rateLimitedCode } from '../rate-limit/rate-limit';
import { IdPipe } from '../validation/uuid.pipe';
import { API_ERRORS, ErrorsByStatus, mergeErrors } from './api-errors.decorator';
import { CommonErrorCode, FieldErrorCode } from './common.errors';
import { AuthErrorCode } from '../../modules/auth/auth.errors';

/** One route of the app: its controller class and handler, found by Swagger's operation id. */
export interface RouteHandler {
  controller: Type<unknown>;
  methodName: string;
  handler: (...args: unknown[]) => unknown;
}

/** Every route handler of the app, keyed `Controller_method` as Swagger names operations. */
export function routeHandlers(app: INestApplication): Map<string, RouteHandler> {
  const routes = new Map<string, RouteHandler>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type<unknown> | null;
      if (!controller) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const methodName of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[methodName];
        if (methodName === 'constructor' || typeof handler !== 'function') continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        routes.set(`${controller.name}_${methodName}`, {
          controller,
          methodName,
          handler: handler as RouteHandler['handler'],
        });
      }
    }
  }
  return routes;
}

/** The access decision a route carries: exactly one of public, member or roles, or none. */
export function accessOf(route: RouteHandler): 'public' | 'member' | 'roles' | undefined {
  const read = (key: string): unknown =>
    Reflect.getMetadata(key, route.handler) ?? Reflect.getMetadata(key, route.controller);
  if (read(IS_PUBLIC)) return 'public';
  if ((read(ROLES) as unknown[] | undefined)?.length) return 'roles';
  if (read(MEMBER)) return 'member';
  return undefined;
}

interface RouteArg {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

/** Codes the guards and pipes answer by themselves, read from the route's decorators. */
function implicitErrors(route: RouteHandler): ErrorsByStatus {
  const errors: Record<number, string[]> = {};
  const access = accessOf(route);
  // A blocked account's token is refused on every signed-in route.
  if (access !== 'public')
    errors[401] = [CommonErrorCode.UNAUTHORIZED, AuthErrorCode.ACCOUNT_BLOCKED];
  if (access === 'roles') errors[403] = [CommonErrorCode.FORBIDDEN];
  // A member's incomplete profile leaves only their account and profile (@BeforeProfileComplete).
  const allowsIncomplete =
    Reflect.getMetadata(ALLOWS_INCOMPLETE_PROFILE, route.handler) ??
    Reflect.getMetadata(ALLOWS_INCOMPLETE_PROFILE, route.controller);
  if (access === 'member' && !allowsIncomplete) {
    errors[403] = [...(errors[403] ?? []), AuthErrorCode.PROFILE_INCOMPLETE];
  }
  // Any route: an unexpected failure, the database down, or the replica stopping.
  errors[500] = [CommonErrorCode.INTERNAL_ERROR];
  errors[503] = [
    CommonErrorCode.SERVICE_UNAVAILABLE,
    CommonErrorCode.DATABASE_UNAVAILABLE,
    CommonErrorCode.SHUTTING_DOWN,
  ];
  const bucket = rateLimitBucketOfHandler(route.handler);
  if (bucket) errors[429] = [rateLimitedCode(bucket)];
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, route.controller, route.methodName) ??
    {}) as Record<string, RouteArg>;
  const add = (status: number, ...codes: string[]) =>
    (errors[status] = [...new Set([...(errors[status] ?? []), ...codes])]);
  for (const [key, arg] of Object.entries(args)) {
    const type = Number(key.split(':')[0]);
    if (type === RouteParamtypes.BODY || type === RouteParamtypes.QUERY) {
      add(400, CommonErrorCode.VALIDATION_FAILED, CommonErrorCode.BODY_TOO_DEEP);
    }
    // A path whose escapes do not decode (`%ZZ`) is refused by the router.
    if (type === RouteParamtypes.PARAM) add(400, CommonErrorCode.BAD_URL);
    // The body parsers' own refusals: over BODY_LIMIT_BYTES, or a content type they do not read.
    if (type === RouteParamtypes.BODY) {
      errors[413] = [CommonErrorCode.PAYLOAD_TOO_LARGE];
      errors[415] = [CommonErrorCode.UNSUPPORTED_MEDIA_TYPE];
    }
    for (const pipe of arg.pipes ?? []) {
      if (pipe instanceof IdPipe) (errors[404] ??= []).push(pipe.code);
    }
  }
  return errors;
}

/** Every code an operation may answer, by status: its own, its controller's, and the implicit ones. */
export function routeErrors(route: RouteHandler): ErrorsByStatus {
  return mergeErrors(
    implicitErrors(route),
    Reflect.getMetadata(API_ERRORS, route.controller) as ErrorsByStatus | undefined,
    Reflect.getMetadata(API_ERRORS, route.handler) as ErrorsByStatus | undefined,
  );
}

/** Where each error answer lists the codes it may carry. */
export const ERROR_CODES_EXTENSION = 'x-error-codes';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Not signed in',
  402: 'Payment required',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  415: 'Unsupported content type',
  429: 'Too many requests',
  500: 'Internal error',
  502: 'Payment provider unreachable',
  503: 'Service unavailable',
};

const ERROR_SCHEMAS: Record<string, SchemaObject> = {
  FieldErrorCode: { type: 'string', enum: Object.values(FieldErrorCode) },
  FieldError: {
    type: 'object',
    required: ['field', 'msg', 'code'],
    properties: {
      field: { type: 'string', example: 'title' },
      msg: { type: 'string', example: 'Title is required' },
      code: { $ref: '#/components/schemas/FieldErrorCode' } as SchemaObject,
    },
  },
  ErrorBody: {
    type: 'object',
    required: ['statusCode', 'msg', 'code'],
    properties: {
      statusCode: { type: 'integer', example: 400 },
      msg: { type: 'string', description: 'For people, in English' },
      code: { $ref: '#/components/schemas/ErrorCode' } as SchemaObject,
      errors: { type: 'array', items: { $ref: '#/components/schemas/FieldError' } },
      retryAfter: {
        type: 'integer',
        minimum: 1,
        description: 'On a 429: seconds to wait before trying again (also the Retry-After header)',
      },
    },
  },
};

/**
 * Writes each operation's error answers (status, the codes it may carry in `x-error-codes`) and its
 * security into the
 * document, and the one `ErrorCode` enum of every code any operation lists (generated into the
 * api-client, translated by the front ends). Public operations say `security: []`.
 */
export function addErrorResponses(app: INestApplication, document: OpenAPIObject): void {
  const routes = routeHandlers(app);
  const allCodes = new Set<string>(Object.values(CommonErrorCode));
  for (const pathItem of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = pathItem[method] as OperationObject | undefined;
      const route = operation?.operationId ? routes.get(operation.operationId) : undefined;
      if (!operation || !route) continue;
      if (accessOf(route) === 'public') operation.security = [];
      for (const [status, codes = []] of Object.entries(routeErrors(route))) {
        codes.forEach((code) => allCodes.add(code));
        // A route that answers a 503 of its own shape (health) keeps it.
        if (
          status === '503' &&
          (operation.responses[status] as ResponseObject | undefined)?.content
        )
          continue;
        // The codes go in an extension, not a narrowed schema: one named ErrorCode type in the
        // client instead of an enum per operation and status.
        operation.responses[status] = <ResponseObject>{
          description: `${STATUS_TEXT[Number(status)] ?? 'Error'}: ${codes.join(', ')}`,
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } },
          },
          [ERROR_CODES_EXTENSION]: [...codes],
        };
      }
    }
  }
  document.components ??= {};
  document.components.schemas = {
    ...document.components.schemas,
    ErrorCode: { type: 'string', enum: [...allCodes].sort() },
    ...ERROR_SCHEMAS,
  };
}
