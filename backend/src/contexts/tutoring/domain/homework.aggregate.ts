import { Collection, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, ForbiddenError, InvalidInputError, type StreamRef } from '../../../shared-kernel/index.js';
import { HOMEWORK_STREAM, type HomeworkEvent } from '../contracts/tutoring.events.js';
import { sha256 } from './conversation.aggregate.js';
import { NotFollowedError } from './tutoring.errors.js';

export const HOMEWORK_TITLE_MAX = 200;
export const HOMEWORK_DETAIL_MAX = 10_000;
export const FILL_EVERY_FIELD = 'Veuillez remplir tous les champs.';
/** A submission's answer, in characters; its files: how many, and the bytes of each (docs/adr/0044). */
export const ANSWER_MAX = 20_000;
export const SUBMISSION_FILES_MAX = 5;
export const HOMEWORK_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const GRADE_OUT_OF = 20;
export const FEEDBACK_MAX = 5000;
export const HOMEWORK_MESSAGES = {
  dueInPast: 'La date limite doit être postérieure à maintenant.',
  emptySubmission: 'Veuillez écrire une réponse ou joindre au moins un fichier.',
  answerTooLong: `La réponse ne doit pas dépasser ${ANSWER_MAX} caractères.`,
  tooManyFiles: `Vous pouvez joindre ${SUBMISSION_FILES_MAX} fichiers au plus.`,
  fileTooLarge: 'Chaque fichier doit faire 20 Mo au plus.',
  graded: 'Ce devoir est déjà noté : il ne peut plus être rendu.',
  doneWithout: 'Ce devoir a été marqué comme terminé sans rendu : il ne peut plus être rendu.',
  notYours: "Ce devoir n'est pas le vôtre.",
  notYourLearner: "Ce devoir a été donné par un autre formateur : vous ne pouvez pas le noter.",
  nothingToGrade: "Ce devoir n'a pas encore été rendu ni marqué comme terminé : il ne peut pas être noté.",
  grade: `La note doit être un nombre entre 0 et ${GRADE_OUT_OF}, par demi-point (par exemple 14,5).`,
  feedbackTooLong: `L’appréciation ne doit pas dépasser ${FEEDBACK_MAX} caractères.`,
};

/** A file of a submission, already checked by its content and stored by the caller. */
export interface SubmittedFileInput {
  path: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** A piece of homework ("devoir") a trainer gives a student they follow; the student marks it done, once. */
@Entity({ tableName: 'homework', schema: 'tutoring' })
export class Homework extends AggregateRoot<HomeworkEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', fieldName: 'teacher_id' })
  teacherId: number;

  @Property({ type: 'integer', fieldName: 'student_id' })
  studentId: number;

  @Property({ type: 'string', length: HOMEWORK_TITLE_MAX })
  title = '';

  @Property({ type: 'text' })
  detail = '';

  @Property({ type: 'boolean', fieldName: 'student_status' })
  studentStatus = false;

  @Property({ type: 'datetime', fieldName: 'given_at' })
  givenAt!: Date;

  @Property({ type: 'datetime', fieldName: 'completed_at', nullable: true })
  completedAt: Date | null = null;

  @Property({ type: 'datetime', fieldName: 'due_at', nullable: true })
  dueAt: Date | null = null;

  /** The latest grade out of 20 (numeric in PostgreSQL, read as a string by the driver: see gradeValue). */
  @Property({ type: 'decimal', precision: 4, scale: 2, nullable: true })
  grade: string | null = null;

  @Property({ type: 'text', nullable: true })
  feedback: string | null = null;

  @Property({ type: 'datetime', fieldName: 'graded_at', nullable: true })
  gradedAt: Date | null = null;

  @Property({ type: 'integer', fieldName: 'graded_by_id', nullable: true })
  gradedById: number | null = null;

  @Property({ type: 'integer' })
  version = 0;

  @OneToMany(() => HomeworkSubmission, (s) => s.homework, { orderBy: { number: 'asc' } })
  submissions = new Collection<HomeworkSubmission>(this);

  constructor(teacherId: number, studentId: number) {
    super();
    this.teacherId = teacherId;
    this.studentId = studentId;
  }

  stream(): StreamRef {
    return { type: HOMEWORK_STREAM, id: this.id };
  }

  /** Gives it: a title and a detail, both required, to a student the trainer follows; an optional due date, after now. */
  give(title: string, detail: string, now: Date, follows: boolean, dueAt: Date | null = null): void {
    if (!follows) throw new NotFollowedError();
    const [t, d] = [title.trim(), detail.trim()];
    if (!t || !d) throw new InvalidInputError(FILL_EVERY_FIELD, t ? 'detail' : 'title');
    if (t.length > HOMEWORK_TITLE_MAX) throw new InvalidInputError(`Le titre ne doit pas dépasser ${HOMEWORK_TITLE_MAX} caractères.`, 'title');
    if (d.length > HOMEWORK_DETAIL_MAX) throw new InvalidInputError(`Le détail ne doit pas dépasser ${HOMEWORK_DETAIL_MAX} caractères.`, 'detail');
    if (dueAt && dueAt.getTime() <= now.getTime()) throw new InvalidInputError(HOMEWORK_MESSAGES.dueInPast, 'due_at');
    this.title = t;
    this.detail = d;
    this.givenAt = now;
    this.dueAt = dueAt;
    this.record(() => ({
      type: 'AssignmentGiven',
      payload: { assignmentId: this.id, teacherId: this.teacherId, studentId: this.studentId, sha256: sha256(`${t}\n${d}`), dueAt: dueAt?.toISOString() ?? null },
    }));
  }

  /** The student marks it done: only their own, and it cannot be undone (done without a submission: « sans rendu »). */
  complete(studentId: number, now: Date): void {
    if (studentId !== this.studentId) throw new ForbiddenError(HOMEWORK_MESSAGES.notYours);
    if (this.studentStatus) throw new ConflictError('Ce devoir est déjà marqué comme terminé.');
    this.markDone(now);
  }

  private markDone(now: Date): void {
    this.studentStatus = true;
    this.completedAt = now;
    this.record({ type: 'AssignmentCompleted', payload: { assignmentId: this.id, teacherId: this.teacherId, studentId: this.studentId } });
  }

  /** Late: handed in after the due date, by the server's clock. */
  isLateAt(now: Date): boolean {
    return this.dueAt !== null && now.getTime() > this.dueAt.getTime();
  }

  /** The grade as a number, or null. */
  get gradeValue(): number | null {
    return this.grade === null ? null : Number(this.grade);
  }

  /**
   * The submission already stored under this client key (a double submit, a retry), or null: asked
   * before the files are stored (nothing to store again) and by `submit`. Only the student's own.
   */
  submissionSentWith(studentId: number, clientKey: string): HomeworkSubmission | null {
    if (studentId !== this.studentId) throw new ForbiddenError(HOMEWORK_MESSAGES.notYours);
    return this.submissions.getItems().find((s) => s.clientKey === clientKey) ?? null;
  }

  /**
   * The student hands in their work: an answer and/or files (checked by content and stored by the
   * caller), until it is graded, unless they marked it done without handing anything in; every
   * submission is kept. The same client key again (a double
   * submit, a retry) answers the submission already stored and records nothing. The first submission
   * also marks it done (« Terminé »). The submissions must be loaded.
   */
  submit(studentId: number, answer: string, files: SubmittedFileInput[], clientKey: string, now: Date): HomeworkSubmission {
    const known = this.submissionSentWith(studentId, clientKey);
    if (known) return known;
    if (this.gradedAt !== null) throw new ConflictError(HOMEWORK_MESSAGES.graded);
    // « Marquer comme terminé » with nothing handed in is the learner's final word (the spec's status, « sans rendu »).
    if (this.studentStatus && this.submissions.length === 0) throw new ConflictError(HOMEWORK_MESSAGES.doneWithout);
    const body = answer.trim();
    if (!body && files.length === 0) throw new InvalidInputError(HOMEWORK_MESSAGES.emptySubmission, 'answer');
    if ([...body].length > ANSWER_MAX) throw new InvalidInputError(HOMEWORK_MESSAGES.answerTooLong, 'answer');
    if (files.length > SUBMISSION_FILES_MAX) throw new InvalidInputError(HOMEWORK_MESSAGES.tooManyFiles, 'upload');
    if (files.some((f) => f.size > HOMEWORK_FILE_MAX_BYTES)) throw new InvalidInputError(HOMEWORK_MESSAGES.fileTooLarge, 'upload');
    const late = this.isLateAt(now);
    const submission = new HomeworkSubmission(this.studentId, this.submissions.length + 1, body, late, clientKey, now);
    submission.homework = this;
    for (const input of files) {
      const file = new HomeworkFile(input);
      file.submission = submission;
      submission.files.add(file);
    }
    this.submissions.add(submission);
    const dueAt = this.dueAt?.toISOString() ?? null;
    this.record(() => ({
      type: 'AssignmentSubmitted',
      payload: {
        assignmentId: this.id, submissionId: submission.id, teacherId: this.teacherId, studentId: this.studentId, number: submission.number,
        sha256: submission.sha256, length: [...body].length,
        files: submission.files.getItems().map((f) => ({ fileId: f.id, sha256: f.sha256, size: Number(f.size), contentType: f.contentType })),
        dueAt, late,
      },
    }));
    if (!this.studentStatus) this.markDone(now);
    return submission;
  }

  /**
   * The trainer who gave it (or an admin) grades it, out of 20 by half points, with optional feedback:
   * once handed in or marked done. Grading again corrects the grade (each grade is its event); the
   * same grade and feedback again changes nothing (returns false). The submissions must be loaded.
   */
  gradeWork(by: { id: number; role: 'teacher' | 'admin' }, grade: unknown, feedback: string, now: Date): boolean {
    if (by.role === 'teacher' && by.id !== this.teacherId) throw new ForbiddenError(HOMEWORK_MESSAGES.notYourLearner);
    if (typeof grade !== 'number' || !Number.isFinite(grade) || grade < 0 || grade > GRADE_OUT_OF || !Number.isInteger(grade * 2)) {
      throw new InvalidInputError(HOMEWORK_MESSAGES.grade, 'grade');
    }
    const text = feedback.trim();
    if ([...text].length > FEEDBACK_MAX) throw new InvalidInputError(HOMEWORK_MESSAGES.feedbackTooLong, 'feedback');
    const latest = this.submissions.getItems().at(-1) ?? null;
    if (!latest && !this.studentStatus) throw new ConflictError(HOMEWORK_MESSAGES.nothingToGrade);
    if (this.gradeValue === grade && (this.feedback ?? '') === text) return false;
    this.grade = grade.toFixed(2);
    this.feedback = text || null;
    this.gradedAt = now;
    this.gradedById = by.id;
    this.record({
      type: 'AssignmentGraded',
      payload: {
        assignmentId: this.id, teacherId: this.teacherId, studentId: this.studentId, gradedById: by.id, gradedByRole: by.role,
        grade, outOf: GRADE_OUT_OF, submissionId: latest ? latest.id : null,
        feedbackSha256: text ? sha256(text) : null, feedbackLength: [...text].length,
      },
    });
    return true;
  }
}

/** One hand-in of a piece of homework: kept for good, with its files. */
@Entity({ tableName: 'homework_submission', schema: 'tutoring' })
export class HomeworkSubmission {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Homework, { fieldName: 'homework_id' })
  homework!: Rel<Homework>;

  @Property({ type: 'integer', fieldName: 'student_id' })
  studentId: number;

  @Property({ type: 'integer' })
  number: number;

  @Property({ type: 'text' })
  body: string;

  @Property({ type: 'text' })
  sha256: string;

  @Property({ type: 'boolean' })
  late: boolean;

  @Property({ type: 'uuid', fieldName: 'client_key' })
  clientKey: string;

  @Property({ type: 'datetime', fieldName: 'submitted_at' })
  submittedAt: Date;

  @OneToMany(() => HomeworkFile, (f) => f.submission, { orderBy: { id: 'asc' } })
  files = new Collection<HomeworkFile>(this);

  constructor(studentId: number, number: number, body: string, late: boolean, clientKey: string, submittedAt: Date) {
    this.studentId = studentId;
    this.number = number;
    this.body = body;
    this.sha256 = sha256(body);
    this.late = late;
    this.clientKey = clientKey;
    this.submittedAt = submittedAt;
  }
}

/** A file handed in: where it is stored (never under the public media), the sender's name, its detected type, size and SHA-256. */
@Entity({ tableName: 'homework_file', schema: 'tutoring' })
export class HomeworkFile {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => HomeworkSubmission, { fieldName: 'submission_id' })
  submission!: Rel<HomeworkSubmission>;

  @Property({ type: 'text' })
  path: string;

  @Property({ type: 'text', fieldName: 'file_name' })
  fileName: string;

  @Property({ type: 'text', fieldName: 'content_type' })
  contentType: string;

  @Property({ type: 'bigint' })
  size: number;

  @Property({ type: 'text' })
  sha256: string;

  constructor(input: SubmittedFileInput) {
    this.path = input.path;
    this.fileName = input.fileName;
    this.contentType = input.contentType;
    this.size = input.size;
    this.sha256 = input.sha256;
  }
}
