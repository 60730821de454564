import { Injectable, OnModuleInit } from '@nestjs/common';
import { DemoContext, DemoService } from '../demo/demo.service';
import { EnrollmentsRepository } from './enrollments.repository';
import { CoursesRepository } from './courses.repository';
import { EnrollmentStatus } from './tutorials.schema';

/** After the content seeders: enrollments need the members and the migration's courses. */
const ORDER = 40;

/** Which demo member (by index) applied to which course, and where the review stands. */
const APPLICATIONS = [
  { member: 0, course: 'mern-fullstack', status: EnrollmentStatus.approved, daysAgo: 12 },
  { member: 0, course: 'math-grade-5-12', status: EnrollmentStatus.pending, daysAgo: 2 },
  { member: 1, course: 'physics-grade-5-12', status: EnrollmentStatus.enrolled, daysAgo: 30 },
  { member: 1, course: 'electrical-engineering', status: EnrollmentStatus.pending, daysAgo: 1 },
  { member: 2, course: 'computer-basics', status: EnrollmentStatus.completed, daysAgo: 60 },
  {
    member: 2,
    course: 'english-grade-5-12',
    status: EnrollmentStatus.rejected,
    daysAgo: 20,
    rejectionReason: 'The Saturday class is full; please apply again for the next term.',
  },
];

const ADDRESSES = [
  { address: '1200 Pine Street, Apt 4', city: 'Seattle', telephone: '+1 206 555 0142' },
  { address: 'Mainzer Landstrasse 50', city: 'Frankfurt', telephone: '+49 69 5550 1234' },
  { address: '88 Danforth Avenue, Unit 2', city: 'Toronto', telephone: '+1 416 555 0199' },
];

/** Sample applications from the demo members, one in each status. */
@Injectable()
export class TutorialsDemoSeeder implements OnModuleInit {
  constructor(
    private readonly demo: DemoService,
    private readonly enrollments: EnrollmentsRepository,
    private readonly courses: CoursesRepository,
  ) {}

  onModuleInit(): void {
    this.demo.register({ name: 'tutorials', order: ORDER, seed: (context) => this.seed(context) });
  }

  private async seed({ members }: DemoContext): Promise<void> {
    if ((await this.enrollments.count()) > 0) return;
    const now = Date.now();
    for (const application of APPLICATIONS) {
      const member = members[application.member];
      const course = await this.courses.findById(application.course);
      if (!member || !course) continue;
      const at = new Date(now - application.daysAgo * 24 * 3600 * 1000);
      await this.enrollments.create({
        userId: member.id,
        courseId: course.id,
        courseName: course.name,
        fullName: member.name,
        email: member.email,
        ...ADDRESSES[application.member],
        status: application.status,
        rejectionReason: application.rejectionReason ?? null,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
}
