import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEnum, IsOptional, IsUUID } from 'class-validator';
import { PageQueryDto } from '../../common/pagination/pagination';
import { AuditAction, AuditTargetType } from './audit.actions';
import { AuditRow } from './audit.schema';

export class AuditQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: AuditAction, enumName: 'AuditAction' })
  @IsOptional()
  @IsEnum(AuditAction, { message: 'action must be one of the audit actions' })
  action?: AuditAction;

  @ApiPropertyOptional({ description: 'Only entries about this item' })
  @IsOptional()
  @IsUUID('all', { message: 'targetId must be an id' })
  targetId?: string;
}

export class AuditActorDto {
  @ApiPropertyOptional({ nullable: true, type: String }) _id: string | null;
  @ApiProperty() name: string;
}

export class AuditEntryDto {
  @ApiProperty() _id: string;
  @ApiProperty({ enum: AuditAction, enumName: 'AuditAction' }) action: AuditAction;
  @ApiProperty({ type: AuditActorDto }) actor: AuditActorDto;
  @ApiProperty({ enum: AuditTargetType, enumName: 'AuditTargetType' })
  targetType: AuditTargetType;
  @ApiProperty() targetId: string;
  @ApiProperty({ description: 'The item as it was named at the time' }) targetLabel: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'What changed, e.g. { from: "member", to: "admin" }',
  })
  details: Record<string, string>;
  @ApiProperty() createdAt: string;
}

export class AuditListDto {
  @ApiProperty({ type: [AuditEntryDto] }) entries: AuditEntryDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() totalPages: number;
}

export function toAuditEntryDto(row: AuditRow): AuditEntryDto {
  return {
    _id: row.id,
    action: row.action as AuditAction,
    actor: { _id: row.actorId, name: row.actorName },
    targetType: row.targetType as AuditTargetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}
