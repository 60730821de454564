/** Codes of uploads and served files, answered by every route that reads a multipart form. */
export enum MediaErrorCode {
  NOT_MULTIPART = 'NOT_MULTIPART',
  FILE_TOO_LARGE = 'FILE_TOO_LARGE',
  TOO_MANY_FILES = 'TOO_MANY_FILES',
  TOO_MANY_FIELDS = 'TOO_MANY_FIELDS',
  UNEXPECTED_FILE = 'UNEXPECTED_FILE',
  UNSUPPORTED_FILE_TYPE = 'UNSUPPORTED_FILE_TYPE',
  /** A real photo in a format this server's image library cannot decode (HEIC without HEVC). */
  IMAGE_FORMAT_NOT_SUPPORTED = 'IMAGE_FORMAT_NOT_SUPPORTED',
  UPLOAD_SERVICE_NOT_CONFIGURED = 'UPLOAD_SERVICE_NOT_CONFIGURED',
  FILE_NOT_FOUND = 'FILE_NOT_FOUND',
}

/** What any route that reads a multipart form with files may answer, by status. */
export const UPLOAD_ERRORS = {
  400: [
    MediaErrorCode.NOT_MULTIPART,
    MediaErrorCode.TOO_MANY_FILES,
    MediaErrorCode.TOO_MANY_FIELDS,
    MediaErrorCode.UNEXPECTED_FILE,
    MediaErrorCode.UNSUPPORTED_FILE_TYPE,
    MediaErrorCode.IMAGE_FORMAT_NOT_SUPPORTED,
  ],
  413: [MediaErrorCode.FILE_TOO_LARGE],
  503: [MediaErrorCode.UPLOAD_SERVICE_NOT_CONFIGURED],
};
