import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../platform/aggregate-store/index.js';
import { Database } from '../../../platform/database/database.js';
import { Jobs } from '../../../platform/jobs/jobs.service.js';
import { isUndeliverable, MailService } from '../../../platform/mail/mail.service.js';
import { Clock, NotFoundError, parisCalendarDate } from '../../../shared-kernel/index.js';
import { COURSE_SUMMARY } from '../../catalogue/contracts/catalogue.read-models.js';
import { GetAdminContacts } from '../../identity/contracts/identity.queries.js';
import { STUDENT_RECORD } from '../../identity/contracts/identity.read-models.js';
import { EdofReminder } from '../domain/edof-reminder.aggregate.js';
import { edofDeclaration, edofReminderStage, EDOF_KINDS, type RecordedEdofDeclaration } from '../domain/edof.js';
import { readEnrolmentFundings } from './queries/get-enrolment-funding.query.js';
import { edofDatesOf } from './queries/training-session.queries.js';

export const EDOF_REMINDERS_JOB = 'enrolment.edof-reminders';
/** Every morning at 08:00 (Europe/Paris): the admins have the day to declare. */
export const EDOF_REMINDERS_SCHEDULE = '0 8 * * *';
const CLAIM_MINUTES = 10;

interface Row {
  student_id: number; course_id: number; start_date: string | null; end_date: string | null;
  entry_declared_on: string | null; entry_date: string | null; entry_deadline: string | null;
  exit_declared_on: string | null; exit_date: string | null; exit_deadline: string | null;
}

const recorded = (row: Row, kind: 'entry' | 'exit'): RecordedEdofDeclaration | null => {
  const [declaredOn, date, deadline] = kind === 'entry' ? [row.entry_declared_on, row.entry_date, row.entry_deadline] : [row.exit_declared_on, row.exit_date, row.exit_deadline];
  return declaredOn !== null && date !== null && deadline !== null ? { declaredOn, date, deadline } : null;
};

const KIND_LABEL = { entry: 'l’entrée', exit: 'la sortie' } as const;
const frenchDay = (day: string) => day.split('-').reverse().join('/');

/**
 * The admins' reminders before an EDOF deadline passes (issue 29 item 2, docs/adr/0053): a daily
 * job finds the CPF enrolments whose entry or exit is still to declare with one working day left
 * or on the deadline's day, records each reminder once (`EdofDeadlineReminded`, a unique key per
 * enrolment, kind, deadline and stage), then e-mails the open admins one digest of every reminder
 * not yet mailed, claimed first so that two nodes never send it twice (`EdofReminderMailed`).
 */
@Injectable()
export class EdofReminders implements OnModuleInit {
  private readonly logger = new Logger('Rappels EDOF');

  constructor(
    private readonly jobs: Jobs,
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly queries: QueryBus,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.define({ name: EDOF_REMINDERS_JOB, retryLimit: 2, schedule: EDOF_REMINDERS_SCHEDULE, handler: async () => this.runDaily() });
  }

  async runDaily(): Promise<{ decided: number; mailed: number }> {
    const now = this.clock.now();
    const today = parisCalendarDate(now);
    const rows = await this.db.query<Row>(
      `select sc.student_id, sc.course_id, to_char(s.start_date, 'YYYY-MM-DD') as start_date, to_char(s.end_date, 'YYYY-MM-DD') as end_date,
              to_char(sc.edof_entry_declared_on, 'YYYY-MM-DD') as entry_declared_on, to_char(sc.edof_entry_date, 'YYYY-MM-DD') as entry_date,
              to_char(sc.edof_entry_deadline, 'YYYY-MM-DD') as entry_deadline, to_char(sc.edof_exit_declared_on, 'YYYY-MM-DD') as exit_declared_on,
              to_char(sc.edof_exit_date, 'YYYY-MM-DD') as exit_date, to_char(sc.edof_exit_deadline, 'YYYY-MM-DD') as exit_deadline
         from enrolment.student_course sc
         join ${STUDENT_RECORD} r on r.id = sc.student_id and r.closed_at is null
         left join enrolment.session_member m on m.role = 'learner' and m.person_id = sc.student_id and m.course_id = sc.course_id and m.left_at is null
         left join enrolment.training_session s on s.id = m.session_id
        where sc.enrolled_at is not null
        order by sc.course_id, sc.student_id`,
    );
    let decided = 0;
    const courses = [...new Set(rows.map((r) => r.course_id))];
    for (const courseId of courses) {
      const ofCourse = rows.filter((r) => r.course_id === courseId);
      const fundings = await readEnrolmentFundings(this.db, ofCourse.map((r) => r.student_id), courseId);
      for (const row of ofCourse) {
        const effective = fundings.get(row.student_id)?.effective;
        if (!effective) continue;
        const dates = edofDatesOf(effective, row.start_date && row.end_date ? { start_date: row.start_date, end_date: row.end_date } : null);
        if (!dates.cpf) continue;
        for (const kind of EDOF_KINDS) {
          const declaration = edofDeclaration(kind, kind === 'entry' ? dates.entryDate : dates.exitDate, recorded(row, kind), today);
          const stage = edofReminderStage(declaration);
          if (stage === null || declaration.date === null || declaration.deadline === null) continue;
          const known = await this.db.one('select 1 from enrolment.edof_reminder where student_id = $1 and course_id = $2 and kind = $3 and deadline = $4 and stage = $5',
            [row.student_id, courseId, kind, declaration.deadline, stage]);
          if (known) continue;
          const made = await this.store.transaction(async (uow) => {
            // Another node may have decided it since: the lock queues them, the second finds its row.
            const again = await uow.em.findOne(EdofReminder, { studentId: row.student_id, courseId, kind, deadline: declaration.deadline!, stage });
            if (again) return false;
            uow.add(new EdofReminder(row.student_id, courseId)).decide({ ...declaration, date: declaration.date!, deadline: declaration.deadline! }, stage, today, now);
            return true;
          }, { serialize: [`enrolment.edof-reminder:${row.student_id}:${courseId}:${kind}`] });
          if (made) decided++;
        }
      }
    }
    return { decided, mailed: await this.deliver() };
  }

  /** One digest to the open admins of every reminder not yet mailed (claimed first); returns how many went. */
  async deliver(): Promise<number> {
    const now = this.clock.now();
    const claimed = await this.db.query<{ id: number; student_id: number; course_id: number; kind: 'entry' | 'exit'; edof_date: string; deadline: string; stage: 'veille' | 'jour' }>(
      `update enrolment.edof_reminder set claimed_until = $1::timestamptz + make_interval(mins => $2)
        where id in (select id from enrolment.edof_reminder where mailed_at is null and (claimed_until is null or claimed_until < $1)
                      order by id limit 500 for update skip locked)
        returning id, student_id, course_id, kind, to_char(edof_date, 'YYYY-MM-DD') as edof_date, to_char(deadline, 'YYYY-MM-DD') as deadline, stage`,
      [now, CLAIM_MINUTES],
    );
    if (claimed.length === 0) return 0;
    const items = claimed.sort((a, b) => a.deadline.localeCompare(b.deadline) || a.id - b.id);
    const names = await this.db.query<{ student_id: number; course_id: number; fullname: string; title: string }>(
      `select r.id as student_id, c.course_id, r.fullname, c.title from ${STUDENT_RECORD} r, ${COURSE_SUMMARY} c
        where (r.id, c.course_id) in (select * from unnest($1::int[], $2::int[]))`,
      [items.map((i) => i.student_id), items.map((i) => i.course_id)],
    );
    const nameOf = (i: (typeof items)[number]) => names.find((n) => n.student_id === i.student_id && n.course_id === i.course_id);
    const admins = (await this.queries.execute(new GetAdminContacts())).filter((a) => !isUndeliverable(a.email));
    const lines = items.map((i) => {
      const n = nameOf(i);
      const when = i.stage === 'jour' ? 'dernier jour aujourd’hui' : 'dernier jour demain ouvré';
      return `- ${n?.fullname ?? `Apprenant ${i.student_id}`} — « ${n?.title ?? `Cours ${i.course_id}`} » : déclarer ${KIND_LABEL[i.kind]} du ${frenchDay(i.edof_date)} avant le ${frenchDay(i.deadline)} (${when}).`;
    });
    try {
      if (admins.length > 0) {
        await this.mail.send({
          to: admins.map((a) => a.email).join(', '),
          subject: `Déclarations EDOF à faire : ${items.length} échéance${items.length > 1 ? 's' : ''} proche${items.length > 1 ? 's' : ''}`,
          text: `Bonjour,\n\nLes déclarations suivantes sont à faire sur EDOF (Mon Compte Formation) dans le délai de trois jours ouvrés :\n\n${lines.join('\n')}\n\n` +
            'Une fois la déclaration faite sur EDOF, notez-la sur la page de la session (« Déclarée sur EDOF »).\n',
          messageId: `<edof-${items[0]!.id}-${items.at(-1)!.id}@enrolment.lms>`,
        });
      }
    } catch (error) {
      await this.db.query('update enrolment.edof_reminder set claimed_until = null where id = any($1::int[]) and mailed_at is null', [items.map((i) => i.id)]);
      this.logger.warn(`Rappels EDOF non envoyés : ${String(error)}`);
      return 0;
    }
    for (const item of items) {
      await this.store.transaction(async (uow) => {
        const reminder = await uow.load(EdofReminder, { id: item.id }, () => new NotFoundError('Rappel EDOF introuvable.'));
        reminder.mailed(admins.length, this.clock.now());
      });
    }
    return items.length;
  }
}
