import type { FastifyRequest } from 'fastify';
import '@fastify/multipart';
import { AppException } from '../../common/errors/app-exception';
import { MediaKind, sniffMedia, SniffedType } from './media.sniff';
import { MediaErrorCode } from './media.errors';

/** What one file field accepts. */
export interface FileFieldRule {
  kind: MediaKind;
  maxCount: number;
  maxBytes: number;
}

export interface UploadedFile {
  field: string;
  filename: string;
  buffer: Buffer;
  type: SniffedType;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile[]>;
}

const MB = 1024 * 1024;
const KIND_NAMES: Record<MediaKind, string> = {
  image: 'a JPEG, PNG, GIF, WebP or AVIF image',
  video: 'an MP4, WebM or QuickTime video',
};

const megabytes = (bytes: number) => Math.round((bytes / MB) * 100) / 100;

function tooLarge(filename: string, size: number, maxBytes: number): AppException {
  return new AppException(
    413,
    `${filename} is too large (${megabytes(size)}MB). Maximum size is ${megabytes(maxBytes)}MB.`,
    MediaErrorCode.FILE_TOO_LARGE,
  );
}

/** Fastify-multipart's own limit errors, in the one error shape with the right status. */
function fromPluginError(error: unknown): AppException | undefined {
  const code = (error as { code?: unknown })?.code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return AppException.badRequest('Too many files were uploaded', MediaErrorCode.TOO_MANY_FILES);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return AppException.badRequest(
        'Too many form fields were sent',
        MediaErrorCode.TOO_MANY_FIELDS,
      );
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppException(413, 'The uploaded file is too large', MediaErrorCode.FILE_TOO_LARGE);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return AppException.badRequest(
        'The request must be multipart/form-data',
        MediaErrorCode.NOT_MULTIPART,
      );
    default:
      return undefined;
  }
}

/**
 * Reads a multipart request into text fields and sniffed files, enforcing per-field count, size
 * and real content type. The whole body is read before the first error is thrown, so the client
 * always gets the error body rather than a reset connection.
 */
export async function readMultipart(
  request: FastifyRequest,
  rules: Record<string, FileFieldRule>,
  limits: { maxFields?: number; maxFieldBytes?: number } = {},
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw AppException.badRequest(
      'The request must be multipart/form-data',
      MediaErrorCode.NOT_MULTIPART,
    );
  }
  const ruleList = Object.values(rules);
  const form: MultipartForm = { fields: {}, files: {} };
  let failure: AppException | undefined;
  const fail = (error: AppException) => (failure ??= error);

  try {
    const parts = request.parts({
      limits: {
        fileSize: Math.max(1, ...ruleList.map((rule) => rule.maxBytes)),
        files: ruleList.reduce((sum, rule) => sum + rule.maxCount, 0) + 1,
        fields: limits.maxFields ?? 50,
        fieldSize: limits.maxFieldBytes ?? 100_000,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
        continue;
      }
      const rule = rules[part.fieldname];
      const filename = part.filename || part.fieldname;
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (!failure && rule && size <= rule.maxBytes) chunks.push(chunk);
        }
      } catch (error) {
        fail(fromPluginError(error) ?? tooLarge(filename, size, rule?.maxBytes ?? 0));
        continue;
      }
      // Browsers send an empty, nameless part for a file input left blank.
      if (size === 0 && !part.filename) continue;
      if (!rule) {
        fail(
          AppException.badRequest(
            `Unexpected file field "${part.fieldname}"`,
            MediaErrorCode.UNEXPECTED_FILE,
          ),
        );
        continue;
      }
      const list = (form.files[part.fieldname] ??= []);
      if (list.length >= rule.maxCount) {
        fail(
          AppException.badRequest(
            `At most ${rule.maxCount} ${part.fieldname} can be uploaded`,
            MediaErrorCode.TOO_MANY_FILES,
          ),
        );
        continue;
      }
      if (size > rule.maxBytes || part.file.truncated) {
        fail(tooLarge(filename, size, rule.maxBytes));
        continue;
      }
      const buffer = Buffer.concat(chunks);
      const { type, found } = await sniffMedia(buffer);
      if (!type || type.kind !== rule.kind) {
        fail(
          AppException.badRequest(
            `${filename} is not ${KIND_NAMES[rule.kind]}${found ? ` (it is ${found})` : ''}`,
            MediaErrorCode.UNSUPPORTED_FILE_TYPE,
          ),
        );
        continue;
      }
      list.push({ field: part.fieldname, filename, buffer, type });
    }
  } catch (error) {
    throw failure ?? fromPluginError(error) ?? error;
  }
  if (failure) throw failure;
  return form;
}
