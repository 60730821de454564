import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { randomUUID } from 'node:crypto';
import { appWithAdminAndMember, Session } from './support/factories';
import { pngImage } from './support/events';
import { createArticle } from './support/news';
import { TestApp } from './support/test-app';

interface ApiDocument {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { 'x-error-codes': string[] }> }>
  >;
  components: { schemas: Record<string, { enum: string[] }> };
}

/** The codes the API answers are the ones its OpenAPI document lists for the operation. */
function listedCodes(document: ApiDocument, path: string, method: string, status: number) {
  return document.paths[path][method].responses[String(status)]['x-error-codes'];
}

/** The HTTP status of each AppException factory. */
const FACTORY_STATUS: Record<string, number> = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  unavailable: 503,
};

/** Every `AppException.<factory>(msg, SomeErrorCode.CODE)` in the backend's sources. */
function thrownCodes(): Array<{ where: string; code: string; status: number | undefined }> {
  const src = join(__dirname, '../src');
  const thrown = /AppException\.(\w+)\(\s*(?:'[^']*'|`[^`]*`|\w+)\s*,\s*\w+ErrorCode\.(\w+)/g;
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    .flatMap((file) =>
      [...readFileSync(join(src, file), 'utf8').matchAll(thrown)].map((match) => ({
        where: relative(src, join(src, file)),
        code: match[2],
        status: FACTORY_STATUS[match[1]],
      })),
    );
}

describe('error codes: typed, listed in the document, per field', () => {
  let t: TestApp;
  let admin: Session;
  let member: Session;
  let document: ApiDocument;

  beforeAll(async () => {
    // An upload directory that is a file: the store cannot be written (spec 8's 503).
    const uploadDir = join(tmpdir(), `not-a-directory-${randomUUID()}`);
    writeFileSync(uploadDir, 'x');
    ({ t, admin, member } = await appWithAdminAndMember({ env: { UPLOAD_DIR: uploadDir } }));
    document = (await t.http.get('/api/docs-json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('answers 503 UPLOAD_SERVICE_NOT_CONFIGURED when the media store cannot be written', async () => {
    const article = await createArticle(t.http, admin);
    const res = await t.http
      .put(`/api/news/${article._id}/image`)
      .set(admin.auth)
      .attach('image', await pngImage(), 'cover.png')
      .expect(503);
    expect(res.body).toEqual({
      statusCode: 503,
      code: 'UPLOAD_SERVICE_NOT_CONFIGURED',
      msg: 'File upload service is not configured. Please contact the administrator to set up the media upload service.',
    });
    expect(listedCodes(document, '/api/news/{id}/image', 'put', 503)).toContain(res.body.code);
  });

  it('gives every field error a code', async () => {
    const res = await t.http
      .put('/api/users/profile')
      .set(member.auth)
      .send({ name: '', socialLinks: { website: 'nope' }, role: 'admin' })
      .expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'socialLinks.website', code: 'INVALID_URL' }),
        expect.objectContaining({ field: 'role', code: 'UNKNOWN_FIELD' }),
      ]),
    );
    for (const error of res.body.errors) {
      expect(document.components.schemas.FieldErrorCode.enum).toContain(error.code);
    }
    expect(listedCodes(document, '/api/users/profile', 'put', 400)).toContain('VALIDATION_FAILED');
  });

  it('answers a missing event with its own not-found code, as the document lists', async () => {
    const res = await t.http.get(`/api/events/${randomUUID()}`).expect(404);
    expect(res.body.code).toBe('EVENT_NOT_FOUND');
    const malformed = await t.http.get('/api/events/not-a-uuid').expect(404);
    expect(malformed.body.code).toBe('EVENT_NOT_FOUND');
    // A malformed id and an unknown one read alike.
    expect(malformed.body.msg).toBe('Event not found');
    expect(res.body.msg).toBe('Event not found');
    expect(listedCodes(document, '/api/events/{id}', 'get', 404)).toEqual(['EVENT_NOT_FOUND']);
  });

  it('lists each code a service throws under the status it is thrown with', () => {
    const listed = new Map<string, Set<number>>();
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations)) {
        for (const [status, answer] of Object.entries(operation.responses)) {
          for (const code of answer['x-error-codes'] ?? []) {
            listed.set(code, (listed.get(code) ?? new Set()).add(Number(status)));
          }
        }
      }
    }
    const found = thrownCodes();
    expect(found.length).toBeGreaterThan(50);
    const unlisted = found
      .filter(({ code, status }) => status === undefined || !listed.get(code)?.has(status))
      .map(({ where, code, status }) => `${where}: ${code} (${status ?? 'unknown factory'})`);
    expect(unlisted).toEqual([]);
  });

  it('answers Fastify errors with a documented common code, not an internal one', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .set('content-type', 'application/json')
      .send('{"email":')
      .expect(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(document.components.schemas.ErrorCode.enum).toContain('BAD_REQUEST');
  });
});
