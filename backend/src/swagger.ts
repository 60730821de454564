import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SchemaObject, SwaggerModule } from '@nestjs/swagger';
import { addErrorResponses } from './common/errors/openapi-errors';
import { API_NAME, API_VERSION } from './version';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(API_NAME)
    .setDescription(
      'Events, news, a members-only business directory, courses and comment threads for ' +
        'Ethiopian professionals abroad. Errors always read { statusCode, msg, code?, errors? }.',
    )
    .setVersion(API_VERSION)
    .addServer('/', 'This server')
    .addBearerAuth()
    .build();
  const document = SwaggerModule.createDocument(app, config);
  addErrorResponses(app, document);
  nameWildcardParameters(document);
  nullableReferences(document);
  notModifiedOnReads(document);
  return document;
}

/**
 * A nullable reference is `{ nullable, allOf: [$ref] }` as Nest writes it, which standard validators
 * (ajv, Prism) read as "never null": `nullable` does not reach into `allOf`. It becomes `anyOf` the
 * reference or a null of the same type (OpenAPI 3.0.3's reading of `nullable` with `enum: [null]`).
 */
function nullableReferences(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaObject>;
  for (const schema of Object.values(schemas)) {
    const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
    for (const [name, property] of Object.entries(properties)) {
      const ref = (property.allOf?.[0] as { $ref?: string } | undefined)?.$ref;
      if (!property.nullable || !ref || property.allOf?.length !== 1) continue;
      const type = schemas[ref.split('/').pop() as string]?.type ?? 'object';
      const { allOf: _allOf, type: _type, nullable: _nullable, ...rest } = property;
      properties[name] = {
        ...rest,
        anyOf: [{ $ref: ref }, { type, nullable: true, enum: [null] }],
      };
    }
  }
}

/** A read with `If-None-Match` equal to its answer's ETag (@fastify/etag) is a 304 without body. */
function notModifiedOnReads(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    if (item.get) item.get.responses['304'] ??= { description: 'Not modified: the ETag matched' };
  }
}

/** Nest writes a `*` route as `{path}` but keeps the parameter's name `*`; name it as the path does. */
function nameWildcardParameters(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.includes('{path}')) continue;
    for (const operation of [item.get, item.head]) {
      for (const parameter of operation?.parameters ?? []) {
        if ('name' in parameter && parameter.name === '*') parameter.name = 'path';
      }
    }
  }
}

/** Swagger UI at /api/docs and the document at /api/docs-json. */
export function setupSwagger(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: `${API_NAME} docs`,
  });
}
