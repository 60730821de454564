import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/auth.decorators';
import { mimeForKey } from './media.sniff';
import { MediaService } from './media.service';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { MediaErrorCode } from './media.errors';

const FILE_CONTENT = {
  'application/octet-stream': { schema: { type: 'string' as const, format: 'binary' } },
};

@ApiTags('files')
@ApiErrors({ 404: [MediaErrorCode.FILE_NOT_FOUND] })
@Controller('files')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  // Every stored file is an item's: `<kind>/<item id>/<file>` (MediaService.saveImage/saveVideo).
  @Get(':kind/:item/:file')
  @Public()
  @ApiOperation({ summary: 'An uploaded file; supports Range requests (video seeking)' })
  @ApiParam({
    name: 'kind',
    description: 'What the file belongs to: events, directory, news or team',
  })
  @ApiParam({ name: 'item', description: 'The id of the item it belongs to' })
  @ApiParam({
    name: 'file',
    description: 'The stored file name, e.g. <uuid>.webp or <uuid>-thumb.webp',
  })
  @ApiResponse({ status: 200, description: 'The whole file', content: FILE_CONTENT })
  @ApiResponse({ status: 206, description: 'The requested byte range', content: FILE_CONTENT })
  @ApiResponse({
    status: 416,
    description: 'The range is outside the file (Content-Range: bytes */size)',
  })
  async file(
    @Param('kind') kind: string,
    @Param('item') item: string,
    @Param('file') name: string,
    @Headers('range') range: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const key = `${kind}/${item}/${name}`;
    const file = await this.media.open(key, range);
    // Stored names are random UUIDs and never rewritten, so they can be cached forever.
    void reply
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-type', mimeForKey(key));
    if (file.status === 416) {
      await reply.status(416).header('content-range', `bytes */${file.size}`).send();
      return;
    }
    if (file.status === 206) {
      void reply.header('content-range', `bytes ${file.start}-${file.end}/${file.size}`);
    }
    await reply
      .status(file.status)
      .header('content-length', String(file.end - file.start + 1))
      .send(file.stream);
  }
}
