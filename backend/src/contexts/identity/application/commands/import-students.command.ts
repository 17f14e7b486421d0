import { randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import { Database } from '../../../../platform/database/database.js';
import { Jobs } from '../../../../platform/jobs/jobs.service.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { ImportStudents, type ImportedStudentInput, type ImportedStudents } from '../../contracts/identity.imports.js';
import { Account } from '../../domain/account.aggregate.js';
import { ACTIVATION_DAYS, ActivationToken, activationSha256 } from '../../domain/activation-token.js';
import { StudentProfile } from '../../domain/profiles.js';
import { PasswordHasher } from '../password-hasher.js';
import { recordUniqueViolation } from '../record-checks.js';
import { ACTIVATION_MAILS_JOB, activationLink } from '../activation-mails.js';

/** The login e-mail of a learner the file gave none: never mailed (`.invalid`), replaced by the learner at activation. */
export const placeholderEmail = (importId: string, line: number): string => `a-activer-${importId.slice(0, 8)}-${line}@sans-email.invalid`;

export const hasPlaceholderEmail = (email: string): boolean => email.endsWith('@sans-email.invalid');

const slug = (text: string) =>
  text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '.').replace(/^\.+|\.+$/g, '').slice(0, 60) || 'etudiant';

/**
 * Creates the learners of an import (docs/adr/0052): every account and record in one transaction,
 * or none; each with an activation token instead of a password (no usable password: the hash of
 * a secret nobody keeps). The links of learners without e-mail are answered for the admin; the
 * others are e-mailed by the activation mails' job, sent after the commit. Run again for the same
 * import, it finds the learners it made (their tokens name the import and the row) and issues fresh
 * links to hand over.
 */
@CommandHandler(ImportStudents)
export class ImportStudentsHandler implements ICommandHandler<ImportStudents> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly hasher: PasswordHasher,
    private readonly jobs: Jobs,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ actor, importId, rows }: ImportStudents): Promise<ImportedStudents> {
    assertAdmin(actor);
    const secrets = new Map(rows.map((row) => [row.line, randomBytes(32).toString('base64url')]));
    const made = (await this.alreadyMade(importId, rows, secrets)) ?? (await this.create(importId, rows, secrets, actor));
    const withEmail = new Set(rows.filter((r) => r.email !== null).map((r) => r.line));
    const mailJobId = withEmail.size > 0 ? await this.jobs.send(ACTIVATION_MAILS_JOB, { importId }) : null;
    return {
      students: made.map((m) => ({ line: m.line, studentId: m.studentId, link: !withEmail.has(m.line) && m.secret ? activationLink(this.config, m.secret) : null })),
      mailJobId,
    };
  }

  private async create(importId: string, rows: ImportedStudentInput[], secrets: Map<number, string>, actor: ImportStudents['actor']) {
    const passwordHash = await this.hasher.hash(randomBytes(32).toString('base64url'));
    const now = this.clock.now();
    const ids = await this.store.transaction(
      async (uow) => {
        const students = rows.map((row) => {
          const email = row.email ?? placeholderEmail(importId, row.line);
          const username = row.email ?? `${slug(`${row.prenom} ${row.nom}`)}.${importId.slice(0, 8)}.${row.line}`;
          const account = new Account({ email, username, passwordHash, role: 'student', now });
          const { line, trainerId, ...record } = row;
          const student = uow.add(StudentProfile.imported(account, { ...record, email, username }, trainerId, importId));
          uow.em.persist(new ActivationToken(account, secrets.get(line)!, now, { importId, importRow: line }));
          return { line, student };
        });
        return () => students.map(({ line, student }) => ({ line, studentId: student.id }));
      },
      // A taken e-mail or case number (taken since the preview) refuses the whole import, in French.
      { actor, uniqueViolation: recordUniqueViolation },
    );
    return ids.map((id) => ({ ...id, secret: secrets.get(id.line)! as string | null }));
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
