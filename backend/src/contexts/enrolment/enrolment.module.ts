import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EnrolStudentHandler } from './application/commands/enrol-student.command.js';
import { RateCourseHandler } from './application/commands/rate-course.command.js';
import { SetFavouriteHandler } from './application/commands/set-favourite.command.js';
import { GetStudentCourseStatusHandler } from './application/queries/get-student-course-status.query.js';
import { ListFavouriteCoursesHandler } from './application/queries/list-favourite-courses.query.js';
import { RecommendForStudentHandler } from './application/queries/recommend-for-student.query.js';
import { StudentCourse } from './domain/student-course.aggregate.js';
import { EnrolmentController } from './http/enrolment.controller.js';

/** Enrolment: enrolments, ratings and favourites of students, and their recommendations. */
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([StudentCourse])],
  controllers: [EnrolmentController],
  providers: [
    EnrolStudentHandler,
    RateCourseHandler,
    SetFavouriteHandler,
    GetStudentCourseStatusHandler,
    ListFavouriteCoursesHandler,
    RecommendForStudentHandler,
  ],
})
export class EnrolmentModule {}
