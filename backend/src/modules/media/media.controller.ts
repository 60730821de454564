import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/auth.decorators';
import { mimeForKey } from './media.sniff';
import { MediaService } from './media.service';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { MediaErrorCode } from './media.errors';

@ApiTags('files')
@ApiErrors({ 404: [MediaErrorCode.FILE_NOT_FOUND] })
@Controller('files')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Get('*')
  @Public()
  @ApiOperation({ summary: 'An uploaded file; supports Range requests (video seeking)' })
  @ApiParam({ name: '*', description: 'Path of the file under /api/files/' })
  async file(
    @Param('*') key: string,
    @Headers('range') range: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
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
