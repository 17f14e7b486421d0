import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EnrolStudentHandler } from './application/commands/enrol-student.command.js';
import { UnenrolStudentHandler } from './application/commands/unenrol-student.command.js';
import { ListEnrolledCoursesHandler } from './application/queries/list-enrolled-courses.query.js';
import { RateCourseHandler } from './application/commands/rate-course.command.js';
import { SetFavouriteHandler } from './application/commands/set-favourite.command.js';
import { CountCourseLearnersHandler } from './application/queries/count-course-learners.query.js';
import { GetStudentCourseStatusHandler } from './application/queries/get-student-course-status.query.js';
import { ListStudentEnrolmentsHandler } from './application/queries/list-student-enrolments.query.js';
import { IsFollowingCourseHandler } from './application/queries/is-following-course.query.js';
import { ListCourseStudentsHandler } from './application/queries/list-course-students.query.js';
import { ListFavouriteCoursesHandler } from './application/queries/list-favourite-courses.query.js';
import { RecommendForStudentHandler } from './application/queries/recommend-for-student.query.js';
import { StudentCourse } from './domain/student-course.aggregate.js';
import { EdofReminder } from './domain/edof-reminder.aggregate.js';
import { EdofReminders } from './application/edof-reminders.js';
import { SessionMember, TrainingSession } from './domain/training-session.aggregate.js';
import { AddSessionMemberHandler, ChangeSessionHandler, RemoveSessionMemberHandler, ScheduleSessionHandler } from './application/commands/training-session.commands.js';
import { DeclareOnEdofHandler } from './application/commands/declare-on-edof.command.js';
import { GetSessionHandler, ListSessionsHandler } from './application/queries/training-session.queries.js';
import { SessionsController } from './http/sessions.controller.js';
import { EnrolmentController } from './http/enrolment.controller.js';
import { SetEnrolmentFundingHandler } from './application/commands/set-enrolment-funding.command.js';
import { GetEnrolmentFundingHandler } from './application/queries/get-enrolment-funding.query.js';
import { GetStudentCourseFundingHandler } from './application/queries/get-student-course-funding.query.js';
import { CountEnrolmentRecordsHandler } from './application/queries/count-enrolment-records.query.js';

/** Enrolment: enrolments, ratings and favourites of students, and their recommendations. */
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([StudentCourse, TrainingSession, SessionMember, EdofReminder])],
  controllers: [EnrolmentController, SessionsController],
  providers: [
    EdofReminders,
    // Identity asks before removing a person (identity.queries.ts), answered here.
    CountEnrolmentRecordsHandler,
    EnrolStudentHandler,
    UnenrolStudentHandler,
    ListEnrolledCoursesHandler,
    RateCourseHandler,
    SetFavouriteHandler,
    GetStudentCourseStatusHandler,
    ListFavouriteCoursesHandler,
    RecommendForStudentHandler,
    ListCourseStudentsHandler,
    SetEnrolmentFundingHandler,
    GetStudentCourseFundingHandler,
    // The effective funding of an enrolment, for the documents of issue 26 (enrolment.queries.ts).
    GetEnrolmentFundingHandler,
    // Questions the catalogue asks (catalogue.queries.ts), answered here.
    CountCourseLearnersHandler,
    IsFollowingCourseHandler,
    ListStudentEnrolmentsHandler,
    // Training sessions and EDOF declarations (docs/adr/0050).
    ScheduleSessionHandler,
    ChangeSessionHandler,
    AddSessionMemberHandler,
    RemoveSessionMemberHandler,
    DeclareOnEdofHandler,
    ListSessionsHandler,
    GetSessionHandler,
  ],
})
export class EnrolmentModule {}
