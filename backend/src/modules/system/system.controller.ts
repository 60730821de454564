import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/auth.decorators';
import { SystemDto } from './system.dto';
import { SystemService } from './system.service';

@ApiTags('system')
@Controller('admin/system')
export class SystemController {
  constructor(private readonly system: SystemService) {}

  @Get()
  @Roles('admin')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'The System view: database, Redis, SMTP and object store probes, the queue by state, the outbox backlog and its oldest age, and the replica that answered (admins)',
  })
  @ApiOkResponse({ type: SystemDto })
  state(): Promise<SystemDto> {
    return this.system.state();
  }
}
