import { Controller, Get, Header, Logger } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators';
import { AppException } from '../../common/errors/app-exception';
import { StatsDto } from './stats.dto';
import { StatsErrorCode } from './stats.errors';
import { StatsRegistry } from './stats.registry';
import { ApiErrors } from '../../common/errors/api-errors.decorator';

/** Browsers and proxies may reuse the figures this long; they are a marketing band, not a ledger. */
export const STATS_MAX_AGE_SECONDS = 60;

@ApiTags('stats')
@ApiErrors({ 503: [StatsErrorCode.STATS_UNAVAILABLE] })
@Controller('stats')
export class StatsController {
  private readonly logger = new Logger('StatsController');

  constructor(private readonly stats: StatsRegistry) {}

  @Get()
  @Public()
  @Header('Cache-Control', `public, max-age=${STATS_MAX_AGE_SECONDS}`)
  @ApiOperation({ summary: "The home page's counts, for guests too (cached for a minute)" })
  @ApiOkResponse({ type: StatsDto })
  async counts(): Promise<StatsDto> {
    try {
      return await this.stats.counts();
    } catch (error) {
      this.logger.warn(`stats failed: ${String(error)}`);
      throw AppException.unavailable(
        'The figures are not available right now',
        StatsErrorCode.STATS_UNAVAILABLE,
      );
    }
  }
}
