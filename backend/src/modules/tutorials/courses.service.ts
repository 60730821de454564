import { Injectable } from '@nestjs/common';
import { AuthUser, isAdmin } from '../../common/auth/auth.decorators';
import { ResponseCache } from '../../common/cache/response-cache';
import { AppException } from '../../common/errors/app-exception';
import { loadedAt, refusedEdit } from '../../common/concurrency/edit-conflict';
import {
  CourseDto,
  CourseQueryDto,
  CreateCourseDto,
  toCourseDto,
  UpdateCourseDto,
} from './courses.dto';
import { CoursesRepository, CourseWithCount } from './courses.repository';
import { courseNotFound, TutorialsErrorCode } from './tutorials.errors';

/** The course catalogue: everyone reads the offered courses, admins manage all of them. */
@Injectable()
export class CoursesService {
  constructor(
    private readonly courses: CoursesRepository,
    private readonly cache: ResponseCache,
  ) {}

  async list(caller: AuthUser | undefined, query: CourseQueryDto): Promise<CourseDto[]> {
    if (query.includeHidden && !caller) throw AppException.unauthorized();
    if (query.includeHidden && !isAdmin(caller)) {
      throw AppException.forbidden('Only admins can see hidden courses');
    }
    if (query.includeHidden) return (await this.courses.list(true)).map(toCourseDto);
    // The offered courses are the same for everyone: one cached list (an enrolment is a write).
    const key = 'courses:offered';
    return (
      this.cache.peek<CourseDto[]>(key) ??
      (await this.cache.get(key, async () => (await this.courses.list(false)).map(toCourseDto)))
    );
  }

  /** A course members may enrol in now; hidden and unknown courses are not offered. */
  async findOffered(id: string): Promise<CourseWithCount | undefined> {
    const course = await this.courses.findById(id);
    return course?.isActive ? course : undefined;
  }

  async create(dto: CreateCourseDto): Promise<CourseDto> {
    const row = await this.courses.create({
      ...dto,
      subjects: dto.subjects ?? [],
      subjectsAmharic: dto.subjectsAmharic ?? [],
    });
    if (!row) {
      throw AppException.conflict(
        `A course with the id ${dto.id} already exists`,
        TutorialsErrorCode.COURSE_EXISTS,
      );
    }
    return toCourseDto({ ...row, enrollmentCount: 0 });
  }

  async update(id: string, dto: UpdateCourseDto): Promise<CourseDto> {
    const { updatedAt, ...changes } = dto;
    const row = await this.courses.edit(id, changes, loadedAt(updatedAt));
    if (!row) return refusedEdit(this.courses.findById(id), courseNotFound);
    const course = await this.courses.findById(id);
    if (!course) throw courseNotFound();
    return toCourseDto(course);
  }

  /** Only a course nobody applied to can go; the others are hidden (isActive false) instead. */
  async remove(id: string): Promise<{ msg: string }> {
    if (!(await this.courses.findById(id))) throw courseNotFound();
    if (await this.courses.hasEnrollments(id)) {
      throw AppException.conflict(
        'This course has enrollments and cannot be deleted. Hide it instead.',
        TutorialsErrorCode.COURSE_HAS_ENROLLMENTS,
      );
    }
    if (!(await this.courses.delete(id))) throw courseNotFound();
    return { msg: 'Course deleted' };
  }
}
