import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public, Roles } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import {
  CourseDeletedDto,
  CourseDto,
  CourseQueryDto,
  CreateCourseDto,
  UpdateCourseDto,
} from './courses.dto';
import { CoursesService } from './courses.service';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { EDIT_CONFLICT_ERRORS } from '../../common/concurrency/edit-conflict';
import { TutorialsErrorCode } from './tutorials.errors';
import { CommonErrorCode } from '../../common/errors/common.errors';

@ApiTags('tutorials')
@ApiErrors({
  404: [TutorialsErrorCode.COURSE_NOT_FOUND],
  409: [TutorialsErrorCode.COURSE_EXISTS, TutorialsErrorCode.COURSE_HAS_ENROLLMENTS],
})
@Controller('tutorials/courses')
export class CoursesController {
  constructor(private readonly courses: CoursesService) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'The offered courses in both languages, with enrollment counts' })
  @ApiOkResponse({ type: [CourseDto] })
  // includeHidden=true is for admins: a guest gets 401, a member 403.
  @ApiErrors({ 401: [CommonErrorCode.UNAUTHORIZED], 403: [CommonErrorCode.FORBIDDEN] })
  list(
    @CurrentUser() user: AuthUser | undefined,
    @Query() query: CourseQueryDto,
  ): Promise<CourseDto[]> {
    return this.courses.list(user, query);
  }

  @Post()
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Add a course (admins)' })
  @ApiCreatedResponse({ type: CourseDto })
  create(@Body() dto: CreateCourseDto): Promise<CourseDto> {
    return this.courses.create(dto);
  }

  @Put(':id')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Edit a course, or hide it with isActive false (admins)' })
  @ApiOkResponse({ type: CourseDto })
  @ApiErrors(EDIT_CONFLICT_ERRORS)
  update(@Param('id') id: string, @Body() dto: UpdateCourseDto): Promise<CourseDto> {
    return this.courses.update(id, dto);
  }

  @Delete(':id')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Delete a course nobody has applied to (admins)' })
  @ApiOkResponse({ type: CourseDeletedDto })
  remove(@Param('id') id: string): Promise<CourseDeletedDto> {
    return this.courses.remove(id);
  }
}
