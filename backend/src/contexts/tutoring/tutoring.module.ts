import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ProjectionRegistry } from '../../platform/event-log/index.js';
import { AssignTrainerHandler } from './application/commands/assign-trainer.command.js';
import { CompleteHomeworkHandler } from './application/commands/complete-homework.command.js';
import { GiveHomeworkHandler } from './application/commands/give-homework.command.js';
import { GradeHomeworkHandler } from './application/commands/grade-homework.command.js';
import { SubmitHomeworkHandler } from './application/commands/submit-homework.command.js';
import { HomeworkGradedNotificationPolicy, NotifyHomeworkGradedHandler } from './application/policies/homework-graded-notification.policy.js';
import { GetHomeworkFileHandler } from './application/queries/get-homework-file.query.js';
import { MarkMessagesReadHandler } from './application/commands/mark-messages-read.command.js';
import { NotifyRecipientHandler } from './application/commands/notify-recipient.command.js';
import { SendGroupMessageHandler } from './application/commands/send-group-message.command.js';
import { SendMessageHandler } from './application/commands/send-message.command.js';
import { UnassignTrainerHandler } from './application/commands/unassign-trainer.command.js';
import { FollowCourseTrainerPolicy } from './application/policies/follow-course-trainer.policy.js';
import { MessageNotificationPolicy } from './application/policies/message-notification.policy.js';
import { TrainerAtCreationPolicy } from './application/policies/trainer-at-creation.policy.js';
import { ConversationPresence } from './application/presence.js';
import { replyDelayProjection } from './application/projections/tutoring.projections.js';
import { GetMessagesHandler } from './application/queries/get-messages.query.js';
import { GetTrainerResponseTimesHandler } from './application/queries/get-response-times.query.js';
import { ListFollowedStudentsHandler } from './application/queries/list-followed-students.query.js';
import { GetHomeworkViewHandler, ListHomeworkHandler, ListMyHomeworkHandler } from './application/queries/list-homework.query.js';
import { ListMyTeachersHandler } from './application/queries/list-my-teachers.query.js';
import { ListTeacherStudentsHandler } from './application/queries/list-teacher-students.query.js';
import { ListTutorLinksHandler } from './application/queries/list-tutor-links.query.js';
import { Conversation, Message } from './domain/conversation.aggregate.js';
import { Homework, HomeworkFile, HomeworkSubmission } from './domain/homework.aggregate.js';
import { Tutorship } from './domain/tutorship.aggregate.js';
import { HomeworkController } from './http/homework.controller.js';
import { MessagesController } from './http/messages.controller.js';
import { TutoringController } from './http/tutoring.controller.js';
import { CountTutoringRecordsHandler } from './application/queries/count-tutoring-records.query.js';
import { GetTutoringTranscriptHandler } from './application/queries/get-tutoring-transcript.query.js';
import { AnswerSupportRequestHandler, OpenSupportRequestHandler, ResolveSupportRequestHandler } from './application/support/support.commands.js';
import { NotifySupportAnswerHandler, SupportAnswerNotificationPolicy } from './application/support/support-notification.js';
import { GetSupportRequestHandler, GetSupportTranscriptHandler, ListMySupportRequestsHandler, ListSupportRequestsHandler } from './application/support/support.queries.js';
import { SupportAnswer, SupportRequest } from './domain/support-request.aggregate.js';
import { SupportController } from './http/support.controller.js';

/** Tutoring (issue 10): who follows whom, their messages, homework. docs/adr/0013-tutoring-and-messages.md. */
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([Tutorship, Conversation, Message, Homework, HomeworkSubmission, HomeworkFile, SupportRequest, SupportAnswer])],
  controllers: [TutoringController, MessagesController, HomeworkController, SupportController],
  providers: [
    // Identity asks before removing a person (identity.queries.ts), answered here.
    CountTutoringRecordsHandler,
    // The evidence context's transcript asks (tutoring.transcript.ts), answered here.
    GetTutoringTranscriptHandler,
    ConversationPresence,
    AssignTrainerHandler,
    UnassignTrainerHandler,
    SendMessageHandler,
    SendGroupMessageHandler,
    MarkMessagesReadHandler,
    NotifyRecipientHandler,
    GiveHomeworkHandler,
    CompleteHomeworkHandler,
    // Homework handed in and graded (docs/adr/0044).
    SubmitHomeworkHandler,
    GradeHomeworkHandler,
    GetHomeworkFileHandler,
    NotifyHomeworkGradedHandler,
    HomeworkGradedNotificationPolicy,
    GetMessagesHandler,
    ListMyTeachersHandler,
    ListFollowedStudentsHandler,
    ListTutorLinksHandler,
    ListTeacherStudentsHandler,
    ListHomeworkHandler,
    ListMyHomeworkHandler,
    GetHomeworkViewHandler,
    GetTrainerResponseTimesHandler,
    FollowCourseTrainerPolicy,
    MessageNotificationPolicy,
    TrainerAtCreationPolicy,
    // Technical-support requests (docs/adr/0037); GetSupportTranscript answers the evidence context.
    OpenSupportRequestHandler,
    AnswerSupportRequestHandler,
    ResolveSupportRequestHandler,
    ListMySupportRequestsHandler,
    ListSupportRequestsHandler,
    GetSupportRequestHandler,
    GetSupportTranscriptHandler,
    NotifySupportAnswerHandler,
    SupportAnswerNotificationPolicy,
  ],
})
export class TutoringModule {
  constructor(
    projections: ProjectionRegistry,
    followCourseTrainer: FollowCourseTrainerPolicy,
    notification: MessageNotificationPolicy,
    trainerAtCreation: TrainerAtCreationPolicy,
    supportAnswer: SupportAnswerNotificationPolicy,
    homeworkGraded: HomeworkGradedNotificationPolicy,
  ) {
    projections.register(replyDelayProjection);
    projections.registerPolicy(followCourseTrainer);
    projections.registerPolicy(notification);
    projections.registerPolicy(trainerAtCreation);
    projections.registerPolicy(supportAnswer);
    projections.registerPolicy(homeworkGraded);
  }
}
