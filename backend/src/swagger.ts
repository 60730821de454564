import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
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
  typeNullableEnumReferences(document);
  return document;
}

/** A nullable named enum is `{ nullable, allOf: [$ref] }`; OpenAPI 3.0 wants its `type` beside it. */
function typeNullableEnumReferences(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaObject>;
  for (const schema of Object.values(schemas)) {
    for (const property of Object.values(schema.properties ?? {}) as SchemaObject[]) {
      const ref = (property.allOf?.[0] as { $ref?: string } | undefined)?.$ref;
      if (!property.nullable || property.type || !ref) continue;
      property.type = schemas[ref.split('/').pop() as string]?.type;
    }
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
