import { randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore, type UnitOfWork } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import { Database } from '../../../../platform/database/database.js';
import { sqlExecutor, type SqlExecutor } from '../../../../platform/event-log/sql-executor.js';
import { Jobs } from '../../../../platform/jobs/jobs.service.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { ImportStudents, QueueActivationMails, WithdrawImportedStudents, type ImportedStudentInput, type ImportedStudents } from '../../contracts/identity.imports.js';
import { Account } from '../../domain/account.aggregate.js';
import { ACTIVATION_DAYS, ActivationToken, activationSha256 } from '../../domain/activation-token.js';
import { StudentProfile } from '../../domain/profiles.js';
import { PasswordHasher } from '../password-hasher.js';
import { recordUniqueViolation } from '../record-checks.js';
import { ACTIVATION_MAILS_JOB, activationLink } from '../activation-mails.js';

/**
 * The store names a unique violation from the ORM's exception; a statement straight to the driver
 * names it here, the same way: an e-mail or case number taken since the preview refuses the import in French.
 */
function namingTaken(sql: SqlExecutor): Pick<SqlExecutor, 'query'> {
  return {
    query: <T>(text: string, params: unknown[]) =>
      sql.query<T>(text, params).catch((error: { code?: string; message: string }) => {
        throw (error.code === '23505' && recordUniqueViolation(error.message)) || error;
      }),
  };
}

/** How many learners are built and written at once in an import's transaction. */
export const IMPORT_CHUNK = 1_000;

/** The login e-mail of a learner the file gave none: never mailed (`.invalid`), replaced by the learner at activation. */
export const placeholderEmail = (importId: string, line: number): string => `a-activer-${importId.slice(0, 8)}-${line}@sans-email.invalid`;

export const hasPlaceholderEmail = (email: string): boolean => email.endsWith('@sans-email.invalid');

const slug = (text: string) =>
  text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '.').replace(/^\.+|\.+$/g, '').slice(0, 60) || 'etudiant';

/**
 * Creates the learners of an import (docs/adr/0052): every account and record in one transaction,
 * or none; each with an activation token instead of a password (no usable password: the hash of
 * a secret nobody keeps). The links of learners without e-mail are answered for the admin; the
 * others are e-mailed by the activation mails' job once the import committed (`QueueActivationMails`
 * below). Run again for the same
 * import, it finds the learners it made (their tokens name the import and the row) and issues fresh
 * links to hand over.
 */
@CommandHandler(ImportStudents)
export class ImportStudentsHandler implements ICommandHandler<ImportStudents> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ actor, importId, rows }: ImportStudents): Promise<ImportedStudents> {
    assertAdmin(actor);
    const secrets = new Map(rows.map((row) => [row.line, randomBytes(32).toString('base64url')]));
    const made = (await this.alreadyMade(importId, rows, secrets)) ?? (await this.create(importId, rows, secrets, actor));
    const withEmail = new Set(rows.filter((r) => r.email !== null).map((r) => r.line));
    return {
      students: made.map((m) => ({ line: m.line, studentId: m.studentId, link: !withEmail.has(m.line) && m.secret ? activationLink(this.config, m.secret) : null })),
    };
  }

  /**
   * One transaction: the accounts, records and activation tokens go in three set-based INSERTs (not
   * 30,000 entities in the ORM's unit of work: ADR 0052's memory figure); the learners themselves
   * are built by the domain (`StudentProfile.imported`, the same rules and the same `StudentCreated`
   * as one by one), take their ids from the INSERTs, and their events are appended set-based
   * (`UnitOfWork.appendInserted`), chunk after chunk (`IMPORT_CHUNK`), all in this transaction.
   */
  private async create(importId: string, rows: ImportedStudentInput[], secrets: Map<number, string>, actor: ImportStudents['actor']) {
    const passwordHash = await this.hasher.hash(randomBytes(32).toString('base64url'));
    const now = this.clock.now();
    const ids = await this.store.transaction(
      async (uow) => {
        const sql = namingTaken(sqlExecutor(uow.em));
        const made: { line: number; studentId: number }[] = [];
        // Chunk by chunk in the one transaction: the learners of a chunk, their rows and their events
        // are written, then let go (ADR 0052 amendment 3: memory holds one chunk, not 10,000 learners).
        for (let start = 0; start < rows.length; start += IMPORT_CHUNK) {
          made.push(...(await this.createChunk(sql, uow, importId, rows.slice(start, start + IMPORT_CHUNK), secrets, passwordHash, now)));
        }
        return made;
      },
      // A taken e-mail or case number (taken since the preview) refuses the whole import, in French.
      { actor, uniqueViolation: recordUniqueViolation },
    );
    return ids.map((id) => ({ ...id, secret: secrets.get(id.line)! as string | null }));
  }

  /** One chunk of the import's learners: built by the domain, three set-based INSERTs, their events appended set-based. */
  private async createChunk(
    sql: Pick<SqlExecutor, 'query'>,
    uow: UnitOfWork,
    importId: string,
    rows: ImportedStudentInput[],
    secrets: Map<number, string>,
    passwordHash: string,
    now: Date,
  ): Promise<{ line: number; studentId: number }[]> {
    const students = rows.map((row) => {
      const email = row.email ?? placeholderEmail(importId, row.line);
      const username = row.email ?? `${slug(`${row.prenom} ${row.nom}`)}.${importId.slice(0, 8)}.${row.line}`;
      const account = new Account({ email, username, passwordHash, role: 'student', now });
      const { line, trainerId, ...record } = row;
      return { line, student: StudentProfile.imported(account, { ...record, email, username }, trainerId, importId) };
    });
    // Straight to the driver, parameterised ($n): the ORM's execute would inline the rows' JSON in the SQL text.
    const accounts = await sql.query<{ id: number; email: string }>(
      `insert into identity.account (email, username, password_hash, role, is_active, session_epoch, created_at, updated_at, version)
       select r.email, r.username, $1, 'student', true, 0, $2, $2, r.version
         from jsonb_to_recordset($3::jsonb) as r(email text, username text, version int)
       returning id, email`,
      [passwordHash, now, JSON.stringify(students.map(({ student: { account } }) => ({ email: account.email, username: account.username, version: account.version })))],
    );
    const accountIds = new Map(accounts.map((a) => [a.email, a.id]));
    for (const { student } of students) student.account.id = accountIds.get(student.account.email)!;
    const inserted = await sql.query<{ id: number; account_id: number }>(
      `insert into identity.student (account_id, fullname, prenom, nom, interested_categories, profile_img, formation_title, telephone, numero_dossier,
                                     type_dossier, type_formation, formations, date_entree, date_sortie, search_text)
       select r.account_id, r.fullname, r.prenom, r.nom, r.interested_categories, null, r.formation_title, r.telephone, r.numero_dossier,
              r.type_dossier, r.type_formation, array(select jsonb_array_elements_text(r.formations)), r.date_entree, r.date_sortie, r.search_text
         from jsonb_to_recordset($1::jsonb) as r(account_id int, fullname text, prenom text, nom text, interested_categories text, formation_title text,
              telephone text, numero_dossier text, type_dossier text, type_formation text, formations jsonb, date_entree date, date_sortie date, search_text text)
       returning id, account_id`,
      [JSON.stringify(students.map(({ student: s }) => ({
        account_id: s.account.id, fullname: s.fullname, prenom: s.prenom, nom: s.nom, interested_categories: s.interestedCategories, formation_title: s.formationTitle,
        telephone: s.telephone, numero_dossier: s.numeroDossier, type_dossier: s.typeDossier, type_formation: s.typeFormation, formations: s.formations,
        date_entree: s.dateEntree, date_sortie: s.dateSortie, search_text: s.searchText,
      })))],
    );
    const studentIds = new Map(inserted.map((r) => [r.account_id, r.id]));
    for (const { student } of students) student.id = studentIds.get(student.account.id)!;
    const tokens = students.map(({ line, student }) => new ActivationToken(student.account, secrets.get(line)!, now, { importId, importRow: line }));
    await sql.query(
      `insert into identity.activation_token (secret_sha256, account_id, import_id, import_row, expires_at)
       select r.secret_sha256, r.account_id, $1, r.import_row, $2 from jsonb_to_recordset($3::jsonb) as r(secret_sha256 text, account_id int, import_row int)`,
      [importId, tokens[0]?.expiresAt ?? now, JSON.stringify(tokens.map((t) => ({ secret_sha256: t.secretSha256, account_id: t.account.id, import_row: t.importRow })))],
    );
    await uow.appendInserted(students.map(({ student }) => student));
    return students.map(({ line, student }) => ({ line, studentId: student.id }));
  }

  /** A run again: the learners this import made; the links of those without e-mail not used yet get fresh secrets (the old ones stop working). */
  private async alreadyMade(importId: string, rows: ImportedStudentInput[], secrets: Map<number, string>): Promise<{ line: number; studentId: number; secret: string | null }[] | null> {
    const made = await this.db.query<{ import_row: number; student_id: number; used: boolean }>(
      `select t.import_row, s.id as student_id, t.used_at is not null as used
         from identity.activation_token t join identity.student s on s.account_id = t.account_id
        where t.import_id = $1`,
      [importId],
    );
    if (made.length === 0) return null;
    const withoutEmail = new Set(rows.filter((r) => r.email === null).map((r) => r.line));
    const fresh = made.filter((m) => !m.used && withoutEmail.has(m.import_row));
    const expires = new Date(this.clock.now().getTime() + ACTIVATION_DAYS * 86_400_000);
    await this.db.query(
      `update identity.activation_token t set secret_sha256 = f.sha, expires_at = $2
         from unnest($3::int[], $4::text[]) as f(row, sha) where t.import_id = $1 and t.import_row = f.row and t.used_at is null`,
      [importId, expires, fresh.map((m) => m.import_row), fresh.map((m) => activationSha256(secrets.get(m.import_row)!))],
    );
    return made.map((m) => ({ line: m.import_row, studentId: m.student_id, secret: fresh.includes(m) ? secrets.get(m.import_row)! : null }));
  }
}

/** The import committed: its activation e-mails are queued (under the job id the import recorded). */
@CommandHandler(QueueActivationMails)
export class QueueActivationMailsHandler implements ICommandHandler<QueueActivationMails> {
  constructor(private readonly jobs: Jobs) {}

  async execute({ actor, importId, jobId }: QueueActivationMails): Promise<string> {
    assertAdmin(actor);
    return this.jobs.send(ACTIVATION_MAILS_JOB, { importId }, { id: jobId });
  }
}

/**
 * The import failed after its accounts were made: each learner it made (never told) is closed and
 * erased, in one transaction: `AccountClosed` (reason `import-echoue`) and `PersonalDataErased`.
 */
@CommandHandler(WithdrawImportedStudents)
export class WithdrawImportedStudentsHandler implements ICommandHandler<WithdrawImportedStudents> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, importId }: WithdrawImportedStudents): Promise<number> {
    assertAdmin(actor);
    return this.store.transaction(
      async (uow) => {
        const made = await uow.em.execute<{ id: number }[]>(
          `select s.id from identity.activation_token t join identity.student s on s.account_id = t.account_id join identity.account a on a.id = t.account_id
            where t.import_id = ? and a.closed_at is null for update of a`,
          [importId],
        );
        if (made.length === 0) return 0;
        const now = this.clock.now();
        const students = await uow.findMany(StudentProfile, { id: { $in: made.map((m) => m.id) } });
        await uow.em.populate(students, ['account']);
        for (const student of students) student.withdrawFromFailedImport(now);
        return students.length;
      },
      { actor },
    );
  }
}
