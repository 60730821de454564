import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/auth.decorators';
import { withinDeadline } from '../../common/concurrency/deadline';
import { JOB_QUEUE, JobQueue } from '../../common/queue/jobs';
import type { DatabaseHandle } from '../../db/database';
import { DATABASE_HANDLE } from '../../db/database.module';
import { MailService } from '../mail/mail.service';
import { API_NAME, API_VERSION } from '../../version';
import { ApiRootDto, HealthDto, LivenessDto, ProbeStatus, ReadinessDto } from './health.dto';
import { Lifecycle } from './lifecycle';

/** Health must answer fast even when a dependency hangs: its probes give up after these. */
const DATABASE_PROBE_MS = 1000;
const QUEUE_PROBE_MS = 80;

function probe(check: () => Promise<void>, timeoutMs: number): Promise<ProbeStatus> {
  return withinDeadline(check, timeoutMs).then(
    () => 'up',
    () => 'down',
  );
}

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly mail: MailService,
    private readonly lifecycle: Lifecycle,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'What this API is and where its documentation lives' })
  @ApiOkResponse({ type: ApiRootDto })
  root(): ApiRootDto {
    return { name: API_NAME, version: API_VERSION, docs: '/api/docs', health: '/api/health' };
  }

  @Get('health')
  @Public()
  @ApiOperation({ summary: 'Database and queue status; 503 when the database is down' })
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({ type: HealthDto })
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthDto> {
    const [database, queue] = await Promise.all([
      probe(() => this.database.ping(), DATABASE_PROBE_MS),
      probe(() => this.queue.ping(), QUEUE_PROBE_MS),
    ]);
    if (database === 'down') reply.status(HttpStatus.SERVICE_UNAVAILABLE);
    return {
      status: database === 'down' ? 'down' : queue === 'down' ? 'degraded' : 'ok',
      database,
      databaseDriver: this.database.driver,
      queue,
      queueDriver: this.queue.kind,
      emailConfigured: this.mail.configured,
      uptimeSeconds: Math.round(process.uptime()),
    };
  }

  @Get('health/live')
  @Public()
  @ApiOperation({ summary: 'Liveness: the process answers (restart it when this fails)' })
  @ApiOkResponse({ type: LivenessDto })
  live(): LivenessDto {
    return { status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
  }

  @Get('health/ready')
  @Public()
  @ApiOperation({
    summary: 'Readiness: 503 while shutting down or without a database (send no traffic then)',
  })
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({ type: ReadinessDto })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessDto> {
    const database = await probe(() => this.database.ping(), DATABASE_PROBE_MS);
    const status = this.lifecycle.draining ? 'draining' : database === 'down' ? 'down' : 'ready';
    if (status !== 'ready') reply.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status, database };
  }
}
