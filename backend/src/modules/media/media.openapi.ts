import { applyDecorators, Type } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse } from '@nestjs/swagger';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { CommonErrorCode } from '../../common/errors/common.errors';
import { UPLOAD_ERRORS } from './media.errors';

/** Swagger of a route taking one file in a multipart form: its body, its answer, the upload errors. */
export function ApiSingleFileUpload(field: string, answer: Type<unknown>) {
  return applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: [field],
        properties: { [field]: { type: 'string', format: 'binary' } },
      },
    }),
    ApiOkResponse({ type: answer }),
    ApiErrors(UPLOAD_ERRORS, { 400: [CommonErrorCode.VALIDATION_FAILED] }),
  );
}
