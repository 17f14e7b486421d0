import { Migration20261121001Identity } from './20261121-001-identity.js';
import { Migration20261121002EventLog } from './20261121-002-event-log.js';
import { Migration20261121003Catalogue } from './20261121-003-catalogue.js';
import { Migration20261121004Enrolment } from './20261121-004-enrolment.js';
import { Migration20261122005IdentityEmailIndex } from './20261122-005-identity-email-index.js';
import { Migration20261122006AggregateVersions } from './20261122-006-aggregate-versions.js';
import { Migration20261122007CourseAuthoring } from './20261122-007-course-authoring.js';
import { Migration20261122008Assessment } from './20261122-008-assessment.js';
import { Migration20261123009QuizAttemptResults } from './20261123-009-quiz-attempt-results.js';
import { Migration20261123010Tutoring } from './20261123-010-tutoring.js';
import { Migration20261123011LearningProgress } from './20261123-011-learning-progress.js';
import { Migration20261123012ScormRuntime } from './20261123-012-scorm-runtime.js';
import { Migration20261123013ProgressProjections } from './20261123-013-progress-projections.js';
import { Migration20261123014StudentDashboard } from './20261123-014-student-dashboard.js';
import { Migration20261124020AdministrativeRecord } from './20261124-020-administrative-record.js';
import { Migration20261124021Administration } from './20261124-021-administration.js';
import { Migration20261124022StudentNameOrder } from './20261124-022-student-name-order.js';
import { Migration20261124030Xapi } from './20261124-030-xapi.js';
import { Migration20261126040PublishedReadModels } from './20261126-040-published-read-models.js';
import { Migration20261126041AnalyticsViews } from './20261126-041-analytics-views.js';
import { Migration20261126052ScormRules } from './20261126-052-scorm-rules.js';
import { Migration20261126056ScormStateOrder } from './20261126-056-scorm-state-order.js';
import { Migration20261126057ScormAttempts } from './20261126-057-scorm-attempts.js';
import { Migration20261126060Publishing } from './20261126-060-publishing.js';
import { Migration20261126061Centre } from './20261126-061-centre.js';
import { Migration20261126062CoursePromises } from './20261126-062-course-promises.js';
import { Migration20261126063EnrolmentFunding } from './20261126-063-enrolment-funding.js';
import { Migration20261126064Transcript } from './20261126-064-transcript.js';
import { Migration20261126065IssuedDocuments } from './20261126-065-issued-documents.js';
import { Migration20261126066CentreHoursBasis } from './20261126-066-centre-hours-basis.js';
import { Migration20261127067GeneratedDossiers } from './20261127-067-generated-dossiers.js';
import { Migration20261127068SupportRequests } from './20261127-068-support-requests.js';
import { Migration20261127070Ledger } from './20261127-070-ledger.js';
import { Migration20261127071LedgerHeads } from './20261127-071-ledger-heads.js';
import { Migration20261127072Auditors } from './20261127-072-auditors.js';
import { Migration20261127074PublicLookups } from './20261127-074-public-lookups.js';
import { Migration20261127075CheckpointCopies } from './20261127-075-checkpoint-copies.js';
import { Migration20261127076AuditorDossiers } from './20261127-076-auditor-dossiers.js';
import { Migration20261127080QuizRules } from './20261127-080-quiz-rules.js';
import { Migration20261127082HomeworkSubmissions } from './20261127-082-homework-submissions.js';
import { Migration20261127084XapiStatementTurn } from './20261127-084-xapi-statement-turn.js';
import { Migration20261127086Notifications } from './20261127-086-notifications.js';
import { Migration20261127087QuestionTypesAndPapers } from './20261127-087-question-types-and-papers.js';
import { Migration20261127088QuestionBank } from './20261127-088-question-bank.js';
import { Migration20261127090CourseProgramme } from './20261127-090-course-programme.js';
import { Migration20261127092Complaints } from './20261127-092-complaints.js';
import { Migration20261127093ImprovementLog } from './20261127-093-improvement-log.js';
import { Migration20261127094AccessibilityStatement } from './20261127-094-accessibility-statement.js';
import { Migration20261127096TrainingSessions } from './20261127-096-training-sessions.js';
import { Migration20261127100EdofDeclaredDates } from './20261127-100-edof-declared-dates.js';
import { Migration20261127101SessionRequestKey } from './20261127-101-session-request-key.js';
import { Migration20261127102BankAndImprovementRequestKeys } from './20261127-102-bank-and-improvement-request-keys.js';
import { Migration20261127103StudentImport } from './20261127-103-student-import.js';
import { Migration20261127104EngagementAlerts } from './20261127-104-engagement-alerts.js';
import { Migration20261127105SessionLearnerReason } from './20261127-105-session-learner-reason.js';
import { Migration20261127106SatisfactionSurveys } from './20261127-106-satisfaction-surveys.js';
import { Migration20261127108Indicators } from './20261127-108-indicators.js';
import { Migration20261127109EngagementSatisfactionReadModels } from './20261127-109-engagement-satisfaction-read-models.js';
import { Migration20261127111EnrolmentContacts } from './20261127-111-enrolment-contacts.js';
import { Migration20261127112DocumentDownloads } from './20261127-112-document-downloads.js';
import { Migration20261127115ConversationPresence } from './20261127-115-conversation-presence.js';
import { Migration20261127122XapiConsistentThrough } from './20261127-122-xapi-consistent-through.js';
import { Migration20261128123XapiConsistencyReused } from './20261128-123-xapi-consistency-reused.js';
import { Migration20261128125DossierLotUploads } from './20261128-125-dossier-lot-uploads.js';
import { Migration20261128126PendingFiles } from './20261128-126-pending-files.js';

/** Every migration, in order. Listed explicitly so that the built app needs no file discovery. */
export const MIGRATIONS = [
  Migration20261121001Identity, Migration20261121002EventLog, Migration20261121003Catalogue, Migration20261121004Enrolment,
  Migration20261122005IdentityEmailIndex, Migration20261122006AggregateVersions, Migration20261122007CourseAuthoring, Migration20261122008Assessment,
  Migration20261123009QuizAttemptResults, Migration20261123010Tutoring, Migration20261123011LearningProgress,
  Migration20261123012ScormRuntime, Migration20261123013ProgressProjections, Migration20261123014StudentDashboard,
  Migration20261124020AdministrativeRecord, Migration20261124021Administration, Migration20261124022StudentNameOrder,
  Migration20261124030Xapi, Migration20261126040PublishedReadModels, Migration20261126041AnalyticsViews, Migration20261126052ScormRules,
  Migration20261126056ScormStateOrder, Migration20261126057ScormAttempts, Migration20261126060Publishing,
  Migration20261126061Centre, Migration20261126062CoursePromises, Migration20261126063EnrolmentFunding, Migration20261126064Transcript, Migration20261126065IssuedDocuments,
  Migration20261126066CentreHoursBasis, Migration20261127067GeneratedDossiers,
  Migration20261127068SupportRequests, Migration20261127070Ledger, Migration20261127071LedgerHeads, Migration20261127072Auditors, Migration20261127074PublicLookups, Migration20261127075CheckpointCopies,
  Migration20261127076AuditorDossiers,
  Migration20261127080QuizRules,
  Migration20261127082HomeworkSubmissions,
  Migration20261127084XapiStatementTurn,
  Migration20261127086Notifications,
  Migration20261127087QuestionTypesAndPapers,
  Migration20261127088QuestionBank,
  Migration20261127090CourseProgramme,
  Migration20261127092Complaints,
  Migration20261127093ImprovementLog,
  Migration20261127094AccessibilityStatement,
  Migration20261127096TrainingSessions,
  Migration20261127100EdofDeclaredDates,
  Migration20261127101SessionRequestKey,
  Migration20261127102BankAndImprovementRequestKeys,
  Migration20261127103StudentImport,
  Migration20261127104EngagementAlerts,
  Migration20261127105SessionLearnerReason,
  Migration20261127106SatisfactionSurveys,
  Migration20261127108Indicators,
  Migration20261127109EngagementSatisfactionReadModels,
  Migration20261127111EnrolmentContacts,
  Migration20261127112DocumentDownloads,
  Migration20261127115ConversationPresence,
  Migration20261127122XapiConsistentThrough,
  Migration20261128123XapiConsistencyReused,
  Migration20261128125DossierLotUploads,
  Migration20261128126PendingFiles,
];
