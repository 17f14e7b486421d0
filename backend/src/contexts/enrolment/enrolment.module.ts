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
import { AddSessionMemberHandler, ChangeSessionHandler, RemoveSessionMemberHandler, ScheduleSessionHandler, SetSessionLearnerReasonHandler } from './application/commands/training-session.commands.js';
import { DeclareOnEdofHandler } from './application/commands/declare-on-edof.command.js';
import { GetSessionHandler, ListSessionsHandler } from './application/queries/training-session.queries.js';
import { SessionsController } from './http/sessions.controller.js';
import { StudentImportsController } from './http/student-imports.controller.js';
import { StudentImport } from './domain/student-import.aggregate.js';
import { ImportFileCheck } from './application/student-import/import-file-check.js';
import { PreviewStudentImportHandler } from './application/student-import/preview-student-import.query.js';
import { RequestStudentImportHandler } from './application/student-import/request-student-import.command.js';
import { GetStudentImportHandler } from './application/student-import/get-student-import.query.js';
import { HandOverImportLinksHandler } from './application/student-import/hand-over-import-links.command.js';
import { StudentImportRunner } from './application/student-import/student-import.job.js';
import { EnrolmentController } from './http/enrolment.controller.js';
import { SetEnrolmentContactsHandler } from './application/commands/set-enrolment-contacts.command.js';
import { GetEnrolmentContactsHandler } from './application/queries/get-enrolment-contacts.query.js';
import { SetEnrolmentFundingHandler } from './application/commands/set-enrolment-funding.command.js';
import { GetEnrolmentFundingHandler } from './application/queries/get-enrolment-funding.query.js';
import { GetStudentCourseFundingHandler } from './application/queries/get-student-course-funding.query.js';
import { CountEnrolmentRecordsHandler } from './application/queries/count-enrolment-records.query.js';

/** Enrolment: enrolments, ratings and favourites of students, and their recommendations. */
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([StudentCourse, TrainingSession, SessionMember, StudentImport, EdofReminder])],
  controllers: [EnrolmentController, SessionsController, StudentImportsController],
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
    SetEnrolmentContactsHandler,
    GetEnrolmentContactsHandler,
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
    // The reason a learner did not complete a session (the « service fait » itself: administration).
    SetSessionLearnerReasonHandler,
    // The bulk import of learners (docs/adr/0052).
    ImportFileCheck,
    PreviewStudentImportHandler,
    RequestStudentImportHandler,
    GetStudentImportHandler,
    HandOverImportLinksHandler,
    StudentImportRunner,
  ],
})
export class EnrolmentModule {}
