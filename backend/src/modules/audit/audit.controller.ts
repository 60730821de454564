import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/auth.decorators';
import { AuditListDto, AuditQueryDto } from './audit.dto';
import { AuditService } from './audit.service';

@ApiTags('audit')
@Controller('admin/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Roles('admin')
  @ApiOperation({ summary: 'Admin actions, newest first (admins)' })
  @ApiOkResponse({ type: AuditListDto })
  list(@Query() query: AuditQueryDto): Promise<AuditListDto> {
    return this.audit.list(query);
  }
}
