/**
 * Events of the enrolment context (docs/event-catalogue.md). One stream per student and course.
 * The catalogue's course-stats projection reads StudentEnrolled, StudentUnenrolled and CourseRated as
 * its contracts declare them (catalogue.reads.ts), without importing this file (it precedes enrolment
 * in the context order); ../catalogue-reads.ts fails to compile when these stop matching.
 */
export const STUDENT_COURSE_STREAM = 'enrolment.student-course';

export interface StudentEnrolled {
  type: 'StudentEnrolled';
  payload: { studentId: number; courseId: number; enrolledBy: 'student' | 'admin' };
}
export interface CourseRated {
  type: 'CourseRated';
  /** The review text stays in enrolment.student_course: free text written by a person never enters the log. */
  payload: { studentId: number; courseId: number; rating: number };
}
export interface CourseFavourited {
  type: 'CourseFavourited';
  payload: { studentId: number; courseId: number };
}
export interface CourseUnfavourited {
  type: 'CourseUnfavourited';
  payload: { studentId: number; courseId: number };
}

/** An admin took the student off the course (DELETE /remove-enrolled-course/): the progress history stays. */
export interface StudentUnenrolled {
  type: 'StudentUnenrolled';
  payload: { studentId: number; courseId: number };
}

/**
 * An admin set how the enrolment is funded (docs/adr/0032): every value after the change (null =
 * not set on the enrolment, the student record's applies) and the fields that changed. The employer
 * is a company (its public name and SIRET), not a person; the dossier number is the funder's reference.
 */
export interface EnrolmentFundingChanged {
  type: 'EnrolmentFundingChanged';
  payload: {
    studentId: number;
    courseId: number;
    funder: 'cpf' | 'opco' | 'france_travail' | 'employeur' | 'personnel' | 'autre' | null;
    dossierNumber: string | null;
    employerName: string | null;
    employerSiret: string | null;
    /** `YYYY-MM-DD` */
    entryDate: string | null;
    exitDate: string | null;
    changed: Array<'funder' | 'dossierNumber' | 'employerName' | 'employerSiret' | 'entryDate' | 'exitDate'>;
  };
}

/**
 * The admin says an entry or an exit of a CPF enrolment was declared on EDOF (docs/adr/0050): the
 * effective date, its deadline (three working days after it) and the day it was declared by the
 * server's clock (Paris), so a late declaration is a fact of the log, not a claim.
 */
export interface EdofDeclared {
  type: 'EdofDeclared';
  payload: {
    studentId: number;
    courseId: number;
    kind: 'entry' | 'exit';
    /** `YYYY-MM-DD` */
    date: string;
    deadline: string;
    declaredOn: string;
    late: boolean;
  };
}

/**
 * An admin set the employer's and the funder's contacts of an enrolment (docs/adr/0032, 0054): the
 * funder's name (an organisation) as it is; the contact's name, the e-mails and the phone as SHA-256
 * of the stored value (null: not known), so the log proves what was given without keeping it.
 */
export interface EnrolmentContactsChanged {
  type: 'EnrolmentContactsChanged';
  payload: {
    studentId: number;
    courseId: number;
    employerContactNameSha256: string | null;
    employerEmailSha256: string | null;
    employerPhoneSha256: string | null;
    funderName: string | null;
    funderEmailSha256: string | null;
    changed: Array<'employerContactName' | 'employerEmail' | 'employerPhone' | 'funderName' | 'funderEmail'>;
  };
}

export type EnrolmentEvent =
  | StudentEnrolled | StudentUnenrolled | CourseRated | CourseFavourited | CourseUnfavourited | EnrolmentFundingChanged | EdofDeclared | EnrolmentContactsChanged;

/** One stream per training session (docs/adr/0050). */
export const TRAINING_SESSION_STREAM = 'enrolment.training-session';

/** An admin scheduled a session of a course between two dates (its name, the centre's label, stays in the table). */
export interface TrainingSessionScheduled {
  type: 'TrainingSessionScheduled';
  payload: { sessionId: number; courseId: number; startDate: string; endDate: string };
}
export interface TrainingSessionRescheduled {
  type: 'TrainingSessionRescheduled';
  payload: { sessionId: number; courseId: number; startDate: string; endDate: string };
}
export interface SessionLearnerAdded {
  type: 'SessionLearnerAdded';
  payload: { sessionId: number; courseId: number; studentId: number };
}
/** The learner left the session: their membership is kept with the day they left. */
export interface SessionLearnerRemoved {
  type: 'SessionLearnerRemoved';
  payload: { sessionId: number; courseId: number; studentId: number };
}
export interface SessionTrainerAdded {
  type: 'SessionTrainerAdded';
  payload: { sessionId: number; courseId: number; teacherId: number };
}
export interface SessionTrainerRemoved {
  type: 'SessionTrainerRemoved';
  payload: { sessionId: number; courseId: number; teacherId: number };
}

/** Why a learner's training was not completed, for EDOF's « service fait » (the admin's choice in a fixed list). */
export const SESSION_LEARNER_REASONS = ['abandon', 'absence', 'interruption', 'force_majeure', 'autre'] as const;
export type SessionLearnerReason = (typeof SESSION_LEARNER_REASONS)[number];

/** An admin set (or cleared: null) the reason a learner of the session did not complete it. A code, never free text. */
export interface SessionLearnerReasonSet {
  type: 'SessionLearnerReasonSet';
  payload: { sessionId: number; courseId: number; studentId: number; reason: SessionLearnerReason | null };
}

export type TrainingSessionEvent =
  | TrainingSessionScheduled
  | TrainingSessionRescheduled
  | SessionLearnerAdded
  | SessionLearnerRemoved
  | SessionTrainerAdded
  | SessionTrainerRemoved
  | SessionLearnerReasonSet;

/** A bulk import of learners (issue 29 item 3, docs/adr/0052): `enrolment.student-import/<uuid>`. */
export const STUDENT_IMPORT_STREAM = 'enrolment.student-import';

/** An admin asked to import a file whose every row passed the preview: its SHA-256 and row count, never its content. */
export interface StudentImportRequested {
  type: 'StudentImportRequested';
  payload: { importId: string; rows: number; fileSha256: string };
}
/** Every learner of the file exists, with their enrolments and session memberships (one `StudentCreated`, `StudentEnrolled`… each). */
export interface StudentImportCompleted {
  type: 'StudentImportCompleted';
  payload: { importId: string; students: number; enrolments: number; sessionMemberships: number; activationEmails: number; linksForAdmin: number };
}
/** Nothing of the file was written: `reason` is the platform's own French message (a taken e-mail since the preview…), never a cell. */
export interface StudentImportFailed {
  type: 'StudentImportFailed';
  payload: { importId: string; reason: string };
}
/** The admin was shown the activation links of the learners without e-mail, once: they are no longer kept. */
export interface StudentImportLinksHandedOver {
  type: 'StudentImportLinksHandedOver';
  payload: { importId: string; links: number };
}

export type StudentImportEvent = StudentImportRequested | StudentImportCompleted | StudentImportFailed | StudentImportLinksHandedOver;

/** The admins' reminders before an EDOF deadline passes (issue 29 item 2, docs/adr/0053). */
export const EDOF_REMINDER_STREAM = 'enrolment.edof-reminder';

export interface EdofDeadlineReminded {
  type: 'EdofDeadlineReminded';
  payload: {
    reminderId: number; studentId: number; courseId: number; kind: 'entry' | 'exit';
    /** The entry or exit date and the deadline it was judged on (YYYY-MM-DD). */
    date: string; deadline: string;
    /** `veille`: the first day with one working day left; `jour`: the deadline's day. */
    stage: 'veille' | 'jour';
    /** The centre's day (Paris) it was decided on. */
    today: string;
  };
}

export interface EdofReminderMailed {
  type: 'EdofReminderMailed';
  payload: { reminderId: number; recipients: number };
}

export type EdofReminderEvent = EdofDeadlineReminded | EdofReminderMailed;
