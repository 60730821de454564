import { ApiProperty } from '@nestjs/swagger';

export class StatsDto {
  @ApiProperty({ description: 'Approved directory listings' }) businesses: number;
  @ApiProperty({ description: 'Active events that have not started yet' }) upcomingEvents: number;
  @ApiProperty({ description: 'Member accounts' }) members: number;
  @ApiProperty({ description: 'Course enrollments' }) enrollments: number;
}
