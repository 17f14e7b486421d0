import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { MailService } from '../../../../platform/mail/mail.service.js';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { Account } from '../../domain/account.aggregate.js';
import { assertAcceptablePassword } from '../../domain/password-policy.js';
import { StudentProfile, type StudentRecord } from '../../domain/profiles.js';
import { assertIdentityFree } from '../account-repository.js';
import { PasswordHasher } from '../password-hasher.js';
import { assertActiveTrainer, assertDossierFree, recordUniqueViolation } from '../record-checks.js';
import { EMAIL_ERROR, welcomeMail } from '../admin-mails.js';

export interface StudentCreated {
  studentId: number;
  emailSent: boolean;
  emailError: string | null;
}

/** An admin creates a student with their record (POST /students/); the welcome e-mail never undoes it. */
export class CreateStudent extends Command<StudentCreated> {
  constructor(
    readonly actor: Actor,
    readonly record: StudentRecord,
    readonly password: string,
    readonly trainerId: number | null,
    readonly sendWelcomeEmail: boolean,
  ) {
    super();
  }
}

@CommandHandler(CreateStudent)
export class CreateStudentHandler implements ICommandHandler<CreateStudent> {
  constructor(
    private readonly store: AggregateStore,
    private readonly orm: MikroORM,
    private readonly hasher: PasswordHasher,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, record, password, trainerId, sendWelcomeEmail }: CreateStudent): Promise<StudentCreated> {
    assertAdmin(actor);
    assertAcceptablePassword(password);
    const em = this.orm.em.fork();
    await assertIdentityFree(em, record.email, record.username);
    await assertDossierFree(em, record.numeroDossier);
    if (trainerId !== null) await assertActiveTrainer(em, trainerId);
    const passwordHash = await this.hasher.hash(password);
    const studentId = await this.store.transaction(
      async (uow) => {
        await assertIdentityFree(uow.em, record.email, record.username);
        await assertDossierFree(uow.em, record.numeroDossier);
        const account = new Account({ email: record.email, username: record.username, passwordHash, role: 'student', now: this.clock.now() });
        const student = uow.add(StudentProfile.create(account, record, trainerId, sendWelcomeEmail));
        return () => student.id;
      },
      { actor, uniqueViolation: recordUniqueViolation },
    );
    if (!sendWelcomeEmail) return { studentId, emailSent: false, emailError: null };
    const sent = await this.mail.sendSafely(welcomeMail(record.email, record.prenom, record.username, password));
    return { studentId, emailSent: sent, emailError: sent ? null : EMAIL_ERROR };
  }
}
