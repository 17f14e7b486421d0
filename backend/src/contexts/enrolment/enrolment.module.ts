import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EnrolStudentHandler, RateCourseHandler, SetFavouriteHandler } from './application/commands/enrolment.commands.js';
import { GetStudentCourseStatusHandler, ListFavouriteCoursesHandler, RecommendForStudentHandler } from './application/queries/enrolment.queries.js';
import { StudentCourseUnitOfWork } from './application/student-course.unit-of-work.js';
import { StudentCourse } from './domain/student-course.aggregate.js';
import { EnrolmentController } from './http/enrolment.controller.js';

/** Enrolment: enrolments, ratings and favourites of students, and their recommendations. */
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([StudentCourse])],
  controllers: [EnrolmentController],
  providers: [
    StudentCourseUnitOfWork,
    EnrolStudentHandler,
    RateCourseHandler,
    SetFavouriteHandler,
    GetStudentCourseStatusHandler,
    ListFavouriteCoursesHandler,
    RecommendForStudentHandler,
  ],
})
export class EnrolmentModule {}
