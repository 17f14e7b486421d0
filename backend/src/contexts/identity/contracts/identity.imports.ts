import { Command, Query } from '@nestjs/cqrs';
import type { Actor } from '../../../shared-kernel/index.js';

/**
 * The bulk import of learners (issue 29 item 3, docs/adr/0052). Enrolment runs the import (it
 * knows courses and sessions); the accounts and records are identity's, so it asks identity
 * here: a question for the preview, a command for the import. Identity alone writes its tables.
 */

export interface ImportIdentityLookup {
  /** Lower case. */
  emails: string[];
  dossiers: string[];
  /** Lower case. */
  trainerEmails: string[];
}

export interface ImportIdentityAnswer {
  /** The e-mails (lower case) already used by an account of any role, as e-mail or as login. */
  takenEmails: string[];
  /** The case numbers (lower case) already on a student's record. */
  takenDossiers: string[];
  /** The trainers found by e-mail: their id, or why they cannot follow learners (French). */
  trainers: { email: string; teacherId: number; refused: string | null }[];
}

/** What of a file's rows is already taken in identity (an admin only). */
export class CheckImportIdentities extends Query<ImportIdentityAnswer> {
  constructor(
    readonly actor: Actor,
    readonly lookup: ImportIdentityLookup,
  ) {
    super();
  }
}

/** One learner of a file, checked by the preview. */
export interface ImportedStudentInput {
  /** The row's line in the file: the key of the learner within the import. */
  line: number;
  prenom: string;
  nom: string;
  email: string | null;
  telephone: string;
  numeroDossier: string | null;
  typeDossier: string;
  typeFormation: string;
  formations: string[];
  dateEntree: string | null;
  dateSortie: string | null;
  trainerId: number | null;
}

export interface ImportedStudent {
  line: number;
  studentId: number;
  /** The single-use activation link of a learner without e-mail: the admin hands it over. Null: it is e-mailed. */
  link: string | null;
}

export interface ImportedStudents {
  students: ImportedStudent[];
}

/**
 * Creates every learner of an import in one transaction (all or nothing), each with a single-use,
 * expiring activation link instead of a password. Nothing is e-mailed yet: the import asks for the
 * e-mails (`QueueActivationMails`) once its own step has committed. Sent again for the same import
 * (a job run again), it creates nothing more: it answers the learners it made, with fresh links for
 * those without e-mail (the earlier ones stop working).
 */
export class ImportStudents extends Command<ImportedStudents> {
  constructor(
    readonly actor: Actor,
    readonly importId: string,
    readonly rows: ImportedStudentInput[],
  ) {
    super();
  }
}

/**
 * The import committed (every learner enrolled, « importé »): e-mail its learners their activation
 * links, on identity's job, under the job id the import recorded in that same transaction. Sent
 * again (the import's job run again after a crash), the same job is kept. Answers the job's id.
 */
export class QueueActivationMails extends Command<string> {
  constructor(
    readonly actor: Actor,
    readonly importId: string,
    readonly jobId: string,
  ) {
    super();
  }
}

/**
 * The import failed after its accounts were made (its enrolments could not be written): those
 * learners, never told (no e-mail went, no link was handed over), are withdrawn — closed and their
 * personal data erased at once, so the corrected file can be imported. Answers how many.
 */
export class WithdrawImportedStudents extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly importId: string,
  ) {
    super();
  }
}
