import { ApiProperty } from '@nestjs/swagger';

// Named once (enumName) so the document and the api-client carry one type for each answer.
const HEALTH_STATUSES = ['ok', 'degraded', 'down'] as const;
const PROBE_STATUSES = ['up', 'down'] as const;
const DATABASE_DRIVERS = ['postgres', 'pglite'] as const;
const QUEUE_DRIVERS = ['bullmq', 'in-process'] as const;
const LIVENESS_STATUSES = ['ok'] as const;
const READINESS_STATUSES = ['ready', 'draining', 'down'] as const;

export type HealthStatus = (typeof HEALTH_STATUSES)[number];
/** One dependency's probe: it answered in time, or not. */
export type ProbeStatus = (typeof PROBE_STATUSES)[number];
export type ReadinessStatus = (typeof READINESS_STATUSES)[number];

export class HealthDto {
  @ApiProperty({ enum: HEALTH_STATUSES, enumName: 'HealthStatus' }) status: HealthStatus;
  @ApiProperty({ enum: PROBE_STATUSES, enumName: 'ProbeStatus' }) database: ProbeStatus;
  @ApiProperty({ enum: DATABASE_DRIVERS, enumName: 'DatabaseDriver' })
  databaseDriver: (typeof DATABASE_DRIVERS)[number];
  @ApiProperty({ enum: PROBE_STATUSES, enumName: 'ProbeStatus' }) queue: ProbeStatus;
  @ApiProperty({ enum: QUEUE_DRIVERS, enumName: 'QueueDriver' })
  queueDriver: (typeof QUEUE_DRIVERS)[number];
  @ApiProperty() emailConfigured: boolean;
  @ApiProperty() uptimeSeconds: number;
}

export class ApiRootDto {
  @ApiProperty() name: string;
  @ApiProperty() version: string;
  @ApiProperty() docs: string;
  @ApiProperty() health: string;
}

export class LivenessDto {
  @ApiProperty({ enum: LIVENESS_STATUSES, enumName: 'LivenessStatus' })
  status: (typeof LIVENESS_STATUSES)[number];
  @ApiProperty() uptimeSeconds: number;
}

export class ReadinessDto {
  @ApiProperty({ enum: READINESS_STATUSES, enumName: 'ReadinessStatus' }) status: ReadinessStatus;
  @ApiProperty({ enum: PROBE_STATUSES, enumName: 'ProbeStatus' }) database: ProbeStatus;
}
