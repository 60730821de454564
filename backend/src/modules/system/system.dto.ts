import { ApiProperty } from '@nestjs/swagger';

// Named once (enumName) so the document and the api-client carry one type for each.
const DEPENDENCIES = ['database', 'redis', 'smtp', 'objectStore'] as const;
const DEPENDENCY_STATUSES = ['up', 'down', 'not_configured'] as const;
const PROCESS_ROLES = ['all', 'api', 'worker'] as const;

export type SystemDependency = (typeof DEPENDENCIES)[number];
export type DependencyStatus = (typeof DEPENDENCY_STATUSES)[number];

export class DependencyDto {
  @ApiProperty({ enum: DEPENDENCIES, enumName: 'SystemDependency' }) name: SystemDependency;
  @ApiProperty({ enum: DEPENDENCY_STATUSES, enumName: 'DependencyStatus' })
  status: DependencyStatus;
  @ApiProperty({
    description: 'What serves it: postgres or pglite, bullmq or in-process, smtp, disk or s3',
  })
  driver: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'How long its probe took (ms); null when not configured',
  })
  latencyMs: number | null;
}

export class QueueStateDto {
  @ApiProperty({ description: 'bullmq (Redis, shared by every process) or in-process' })
  driver: string;
  @ApiProperty() waiting: number;
  @ApiProperty() active: number;
  @ApiProperty() delayed: number;
  @ApiProperty({ description: 'Jobs that used up their attempts' }) failed: number;
}

export class OutboxStateDto {
  @ApiProperty({ description: 'Emails written but not yet sent' }) backlog: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Age of the oldest email still queued (seconds); null when none waits',
  })
  oldestAgeSeconds: number | null;
}

export class ReplicaDto {
  @ApiProperty({ description: 'The host (container) name of the replica that answered' })
  hostname: string;
  @ApiProperty() pid: number;
  @ApiProperty({ enum: PROCESS_ROLES, enumName: 'ProcessRole' })
  role: (typeof PROCESS_ROLES)[number];
  @ApiProperty() version: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The source commit it was built from (APP_COMMIT); null when not given',
  })
  commit: string | null;
  @ApiProperty({ example: 'v24.15.0' }) nodeVersion: string;
  @ApiProperty() startedAt: string;
  @ApiProperty() uptimeSeconds: number;
  @ApiProperty({ description: 'Resident memory (bytes)' }) rssBytes: number;
  @ApiProperty({ description: 'JavaScript heap in use (bytes)' }) heapUsedBytes: number;
  @ApiProperty({ description: 'False while it drains before stopping' }) ready: boolean;
  @ApiProperty({ description: 'When this state was taken (each process reports every 10 s)' })
  reportedAt: string;
}

export class SystemDto {
  @ApiProperty() checkedAt: string;
  @ApiProperty({ type: [DependencyDto] }) dependencies: DependencyDto[];
  @ApiProperty({
    type: QueueStateDto,
    nullable: true,
    description: 'Null when the queue could not be read (Redis down)',
  })
  queue: QueueStateDto | null;
  @ApiProperty({
    type: OutboxStateDto,
    nullable: true,
    description: 'Null when the outbox could not be read (database down)',
  })
  outbox: OutboxStateDto | null;
  @ApiProperty({ type: ReplicaDto, description: 'The replica that answered this request' })
  replica: ReplicaDto;
  @ApiProperty({
    type: [ReplicaDto],
    description:
      'Every API replica and worker on this Redis as each last reported (within 30 s), the answering one included; only it without Redis',
  })
  replicas: ReplicaDto[];
}
