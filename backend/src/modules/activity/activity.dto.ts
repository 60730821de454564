import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const ACTIVITY_MAX_DAYS = 366;

export class ActivityQueryDto {
  @ApiPropertyOptional({ minimum: 7, maximum: ACTIVITY_MAX_DAYS, default: 30 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'days must be a whole number' })
  @Min(7, { message: 'days must be at least 7' })
  @Max(ACTIVITY_MAX_DAYS, { message: `days must be at most ${ACTIVITY_MAX_DAYS}` })
  days?: number;
}

export class ActivityPointDto {
  @ApiProperty({ description: 'UTC day, YYYY-MM-DD' }) date: string;
  @ApiProperty() count: number;
}

export class ActivitySeriesDto {
  @ApiProperty({ description: 'rsvps, registrations, enrollments… (modules add series)' })
  key: string;
  @ApiProperty() total: number;
  @ApiProperty({ type: [ActivityPointDto], description: 'One point per day, oldest first' })
  points: ActivityPointDto[];
}

export class ActivityDto {
  @ApiProperty({ description: 'First day, YYYY-MM-DD (UTC)' }) from: string;
  @ApiProperty({ description: 'Last day, YYYY-MM-DD (UTC), today' }) to: string;
  @ApiProperty({ type: [ActivitySeriesDto] }) series: ActivitySeriesDto[];
}
