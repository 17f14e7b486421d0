import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { ProjectionRegistry } from '../../platform/event-log/index.js';
import { AccessTokenStrategy } from './application/access-token.strategy.js';
import { MediaSessionStrategy } from './application/media-session.strategy.js';
import { TokenKeys } from './application/token-keys.js';
import { MediaSessionController } from './http/media-session.controller.js';
import { ChangePasswordHandler } from './application/commands/change-password.command.js';
import { CreateAdminHandler } from './application/commands/create-admin.command.js';
import { ImportStudentsHandler, QueueActivationMailsHandler, WithdrawImportedStudentsHandler } from './application/commands/import-students.command.js';
import { ActivateStudentHandler, DescribeActivationHandler } from './application/commands/activate-student.command.js';
import { CheckImportIdentitiesHandler } from './application/queries/check-import-identities.query.js';
import { ActivationMailer } from './application/activation-mails.js';
import { RegisterStudentHandler } from './application/commands/register-student.command.js';
import { RegisterTeacherHandler } from './application/commands/register-teacher.command.js';
import { SignInHandler } from './application/commands/sign-in.command.js';
import { RevokeStudentSessionsHandler } from './application/commands/revoke-student-sessions.command.js';
import { ToggleAccountActiveHandler } from './application/commands/toggle-account-active.command.js';
import { UpdateProfileHandler } from './application/commands/update-profile.command.js';
import { LoginThrottle } from './application/login-throttle.js';
import { PasswordHasher } from './application/password-hasher.js';
import { accountLifecycleProjection } from './application/projections/account-lifecycle.projection.js';
import { GetStudentProfileHandler } from './application/queries/get-student-profile.query.js';
import { GetTeacherProfileHandler } from './application/queries/get-teacher-profile.query.js';
import { GetTeacherSummariesHandler } from './application/queries/get-teacher-summaries.query.js';
import { GetStudentSummariesHandler } from './application/queries/get-student-summaries.query.js';
import { ListTeachersHandler } from './application/queries/list-teachers.query.js';
import { GetTeacherContactsHandler } from './application/queries/get-teacher-contacts.query.js';
import { GetAdminContactsHandler } from './application/queries/get-admin-contacts.query.js';
import { SearchStudentsHandler } from './application/queries/search-students.query.js';
import { GetClosedProfilesHandler } from './application/queries/get-closed-profiles.query.js';
import { SessionHousekeeping } from './application/session-housekeeping.js';
import { TokenService } from './application/token.service.js';
import { IDENTITY_ENTITIES } from './domain/profiles.js';
import { AuthController } from './http/auth.controller.js';
import { StudentsController } from './http/students.controller.js';
import { AdminStudentsController } from './http/admin-students.controller.js';
import { AdminTrainersController } from './http/admin-trainers.controller.js';
import { CreateStudentHandler } from './application/commands/create-student.command.js';
import { CreateTrainerHandler } from './application/commands/create-trainer.command.js';
import { AcceptTrainerHandler } from './application/commands/accept-trainer.command.js';
import { RefuseTrainerHandler } from './application/commands/refuse-trainer.command.js';
import { ErasePersonalDataHandler } from './application/commands/erase-personal-data.command.js';
import { RemovePersonHandler } from './application/commands/remove-person.command.js';
import { SetAccountPasswordHandler } from './application/commands/set-account-password.command.js';
import { UpdateAccountEmailHandler } from './application/commands/update-account-email.command.js';
import { UpdateStudentRecordHandler } from './application/commands/update-student-record.command.js';
import { UpdateTrainerRecordHandler } from './application/commands/update-trainer-record.command.js';
import { DescribeRemovalHandler } from './application/queries/describe-removal.query.js';
import { GetStudentRecordHandler } from './application/queries/get-student-record.query.js';
import { GetTrainerRecordHandler } from './application/queries/get-trainer-record.query.js';
import { GetUserHandler } from './application/queries/get-user.query.js';
import { ListStudentRecordsHandler } from './application/queries/list-student-records.query.js';
import { TeachersController } from './http/teachers.controller.js';
import { AuditorsController } from './http/auditors.controller.js';
import { ActivationController } from './http/activation.controller.js';
import {
  ActivateAuditorHandler, AdmitAuditorAccessHandler, ChangeAuditorScopeHandler, EndAuditorAccessHandler, InviteAuditorHandler,
} from './application/auditors/auditor-commands.js';
import {
  AssertAuditorMayReadHandler, GetAuditorAccessesHandler, GetAuditorHandler, GetAuditorScopeHandler, ListAuditorsHandler,
} from './application/auditors/auditor-queries.js';

/** Identity: accounts, credentials, tokens and the student, trainer and admin profiles. */
@Module({
  imports: [CqrsModule, PassportModule, JwtModule.register({}), MikroOrmModule.forFeature(IDENTITY_ENTITIES)],
  controllers: [AuthController, StudentsController, TeachersController, MediaSessionController, AdminStudentsController, AdminTrainersController, AuditorsController, ActivationController],
  providers: [
    InviteAuditorHandler, ChangeAuditorScopeHandler, EndAuditorAccessHandler, ActivateAuditorHandler, AdmitAuditorAccessHandler,
    ListAuditorsHandler, GetAuditorHandler, GetAuditorAccessesHandler, GetAuditorScopeHandler, AssertAuditorMayReadHandler,
    PasswordHasher,
    LoginThrottle,
    TokenKeys,
    TokenService,
    SessionHousekeeping,
    AccessTokenStrategy,
    MediaSessionStrategy,
    SignInHandler,
    RegisterStudentHandler,
    RegisterTeacherHandler,
    AcceptTrainerHandler,
    RefuseTrainerHandler,
    CreateAdminHandler,
    UpdateProfileHandler,
    ChangePasswordHandler,
    ToggleAccountActiveHandler,
    RevokeStudentSessionsHandler,
    GetStudentProfileHandler,
    GetTeacherProfileHandler,
    GetTeacherSummariesHandler,
    GetStudentSummariesHandler,
    GetClosedProfilesHandler,
    ListTeachersHandler,
    GetTeacherContactsHandler,
    GetAdminContactsHandler,
    SearchStudentsHandler,
    CreateStudentHandler,
    // The bulk import of learners, asked by enrolment (contracts/identity.imports.ts, docs/adr/0052).
    ImportStudentsHandler,
    QueueActivationMailsHandler,
    WithdrawImportedStudentsHandler,
    CheckImportIdentitiesHandler,
    ActivateStudentHandler,
    DescribeActivationHandler,
    ActivationMailer,
    ErasePersonalDataHandler,
    UpdateStudentRecordHandler,
    SetAccountPasswordHandler,
    UpdateAccountEmailHandler,
    DescribeRemovalHandler,
    RemovePersonHandler,
    CreateTrainerHandler,
    UpdateTrainerRecordHandler,
    ListStudentRecordsHandler,
    GetStudentRecordHandler,
    GetUserHandler,
    GetTrainerRecordHandler,
  ],
})
export class IdentityModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(accountLifecycleProjection);
  }
}
