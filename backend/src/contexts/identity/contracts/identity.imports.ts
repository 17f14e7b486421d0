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
  /** The job that e-mails the activation links (null when no learner has an e-mail): its progress counts the e-mails sent. */
  mailJobId: string | null;
}

/**
 * Creates every learner of an import in one transaction (all or nothing), each with a single-use,
 * expiring activation link instead of a password; the links are e-mailed by a job of their own
 * after the commit. Sent again for the same import (a job run again), it creates nothing more: it
 * answers the learners it made, with fresh links for those without e-mail (the earlier ones stop working).
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
