import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { CoursesController } from './courses.controller';
import { CoursesRepository } from './courses.repository';
import { CoursesService } from './courses.service';
import { EnrollmentsController } from './enrollments.controller';
import { EnrollmentsRepository } from './enrollments.repository';
import { EnrollmentsService } from './enrollments.service';
import { TutorialsDemoSeeder } from './tutorials.demo';
import { TutorialsSitemap } from './tutorials.sitemap';
import { TutorialsStats } from './tutorials.stats';

/** Courses and enrollments; exports EnrollmentsService for the dashboard and stats counters. */
@Module({
  imports: [NotificationsModule],
  controllers: [CoursesController, EnrollmentsController],
  providers: [
    CoursesRepository,
    CoursesService,
    EnrollmentsRepository,
    EnrollmentsService,
    TutorialsDemoSeeder,
    TutorialsStats,
    TutorialsSitemap,
  ],
  exports: [EnrollmentsService, CoursesService],
})
export class TutorialsModule {}
