import { ApiProperty } from '@nestjs/swagger';

export class ViewCountDto {
  @ApiProperty({ description: 'The item’s view count after this view' }) views: number;
}
