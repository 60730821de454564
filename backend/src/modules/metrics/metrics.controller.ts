import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/auth.decorators';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { AppException } from '../../common/errors/app-exception';
import { CommonErrorCode } from '../../common/errors/common.errors';
import { Metrics } from '../../common/metrics/metrics';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';

/** True when `given` is `Bearer <token>`, compared in constant time. */
export function bearerMatches(given: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const actual = Buffer.from(given ?? '');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

@ApiTags('health')
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  // Public to the member guard: Prometheus is no member; METRICS_TOKEN is checked here instead.
  @Get()
  @Public()
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Prometheus metrics of this process (Authorization: Bearer METRICS_TOKEN); 404 when METRICS_TOKEN is unset',
  })
  @ApiProduces('text/plain')
  @ApiResponse({
    status: 200,
    description: 'The Prometheus text format',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  @ApiErrors({ 401: [CommonErrorCode.UNAUTHORIZED], 404: [CommonErrorCode.NOT_FOUND] })
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const token = this.config.metricsToken;
    // Unconfigured, the route does not exist as far as anyone can tell.
    if (!token) throw AppException.notFound('Not found');
    if (!bearerMatches(authorization, token)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw AppException.unauthorized('A valid metrics token is required');
    }
    await reply
      .header('content-type', this.metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await this.metrics.text());
  }
}
