import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_NAME, API_VERSION } from './version';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(API_NAME)
    .setDescription(
      'Events, news, a members-only business directory, courses and comment threads for ' +
        'Ethiopian professionals abroad. Errors always read { statusCode, msg, code?, errors? }.',
    )
    .setVersion(API_VERSION)
    .addBearerAuth()
    .build();
  return SwaggerModule.createDocument(app, config);
}

/** Swagger UI at /api/docs and the document at /api/docs-json. */
export function setupSwagger(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: `${API_NAME} docs`,
  });
}
