import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/auth.decorators';
import { ActivityDto, ActivityQueryDto } from './activity.dto';
import { ActivityService } from './activity.service';

@ApiTags('admin')
@Controller('admin/activity')
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @Get()
  @Roles('admin')
  @ApiOperation({
    summary: 'Daily RSVPs, registrations… over the last days, for the charts (admins)',
  })
  @ApiOkResponse({ type: ActivityDto })
  get(@Query() query: ActivityQueryDto): Promise<ActivityDto> {
    return this.activity.series(query.days ?? 30);
  }
}
