/**
 * The read models identity publishes for the contexts after it (docs/context-map.md, issue 21):
 * views of the schema `identity`, read in plain SQL by name. Personal data: for the contexts only,
 * never for the analysts' role (docs/analytics.md). Renaming or dropping a column is a migration
 * that changes the readers in the same commit.
 */

/**
 * One row per student (open and closed accounts, erased ones too: filter `closed_at is null` for a
 * list, ADR 0015), the administrative record with its account. A plain join on the key: filters on
 * `search_text`, `date_entree`, `id`, `closed_at` and the order below use the tables' indexes.
 */
export const STUDENT_RECORD = 'identity.student_record';

/**
 * The one order of every list of students (last name, first name, id): the records, the progress
 * list, the exports, the pickers. Served by the index `identity.student (nom, prenom, id)`; keyset
 * walks compare `(nom, prenom, id) > ($nom, $prenom, $id)` in the same order.
 */
export const STUDENT_RECORD_ORDER = 'nom, prenom, id';

/** STUDENT_RECORD_ORDER with each column qualified by `alias`: `s.nom, s.prenom, s.id`. */
export const studentRecordOrder = (alias: string): string => STUDENT_RECORD_ORDER.split(', ').map((column) => `${alias}.${column}`).join(', ');

export interface StudentRecordRow {
  /** The student's id (the profile id of every other context: `student_id`). */
  id: number;
  /** The login account's id (`/users/{id}/`, `user_read.id`). */
  account_id: number;
  /** First name (source of `fullname`). */
  prenom: string;
  /** Last name. */
  nom: string;
  /** `prenom nom`, kept in step by the aggregate. */
  fullname: string;
  /** The login e-mail, unique across roles (case ignored). */
  email: string;
  /** The login (`nom_utilisateur_lms`), unique across roles (case ignored). */
  username: string;
  /** Phone number, '' when not given. */
  telephone: string;
  /** The centre's case number, unique (case ignored), or null. */
  numero_dossier: string | null;
  /** '' when not given. */
  type_dossier: string;
  /** '' when not given. */
  type_formation: string;
  /** The formations' names, in the order given (the first is the student's `formation_title`). */
  formations: string[];
  /** Entry date (SQL `date`: `to_char(date_entree, 'YYYY-MM-DD')` reads it as text rather than a Date at local midnight). */
  date_entree: Date | null;
  /** Exit date (SQL `date`), never before `date_entree`. */
  date_sortie: Date | null;
  /**
   * What the back office's searches match, lower case: names, e-mail, login and case number, with a
   * trigram index. Match it with `like` and a lower-case pattern whose `%`, `_` and `\` are escaped.
   */
  search_text: string;
  /** False while the account is suspended. */
  is_active: boolean;
  /** When the account was closed (its history kept, ADR 0015); null while open. */
  closed_at: Date | null;
  /** When the account was created. */
  created_at: Date;
}
