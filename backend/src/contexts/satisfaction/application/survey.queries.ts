import ExcelJS from 'exceljs';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database.js';
import { neutralise, sheetName } from '../../../platform/http/xlsx.js';
import { Clock, NotFoundError, type Actor } from '../../../shared-kernel/index.js';
import { COURSE_SUMMARY } from '../../catalogue/contracts/catalogue.read-models.js';
import { TRAINING_SESSION_SUMMARY } from '../../enrolment/contracts/enrolment.read-models.js';
import type { QuestionnaireKind, RespondentKind } from '../contracts/satisfaction.events.js';
import { INVITATION_MESSAGES } from '../domain/invitation.aggregate.js';
import type { Question } from '../domain/questionnaire.aggregate.js';
import type { MySurveyView, QuestionnaireView, QuestionResultView, RateRowView, SurveyFormView, SurveyResultsView } from './survey.views.js';
import { invitationFor, QuestionnaireNotFoundError, type AnswerAccess } from './survey.commands.js';

export const KIND_LABELS: Record<QuestionnaireKind, string> = {
  chaud: 'À chaud (fin de formation)', froid: 'À froid (après la formation)', formateur: 'Formateurs', employeur: 'Employeurs', financeur: 'Financeurs',
};
export const RESPONDENT_LABELS: Record<RespondentKind, string> = { apprenant: 'Apprenant', formateur: 'Formateur', employeur: 'Employeur', financeur: 'Financeur' };

const questionnaireSql = `
  select q.id, q.title, q.kind, q.course_id, c.title as course_title, q.cold_delay_days, q.reminder_days, q.max_reminders, q.active, q.current_version,
         v.questions,
         exists (select 1 from satisfaction.response r where r.questionnaire_id = q.id and r.version_number = q.current_version) as answered,
         (select count(*)::int from satisfaction.invitation i where i.questionnaire_id = q.id) as sent,
         (select count(*)::int from satisfaction.response r where r.questionnaire_id = q.id) as answers
    from satisfaction.questionnaire q
    join satisfaction.questionnaire_version v on v.questionnaire_id = q.id and v.number = q.current_version
    left join ${COURSE_SUMMARY} c on c.course_id = q.course_id`;

export class ListQuestionnaires extends Query<QuestionnaireView[]> {}

@QueryHandler(ListQuestionnaires)
export class ListQuestionnairesHandler implements IQueryHandler<ListQuestionnaires> {
  constructor(private readonly db: Database) {}

  execute(): Promise<QuestionnaireView[]> {
    return this.db.query<QuestionnaireView>(`${questionnaireSql} order by q.id desc`);
  }
}

export class GetQuestionnaire extends Query<QuestionnaireView> {
  constructor(readonly id: number) {
    super();
  }
}

@QueryHandler(GetQuestionnaire)
export class GetQuestionnaireHandler implements IQueryHandler<GetQuestionnaire> {
  constructor(private readonly db: Database) {}

  async execute({ id }: GetQuestionnaire): Promise<QuestionnaireView> {
    const row = await this.db.one<QuestionnaireView>(`${questionnaireSql} where q.id = $1`, [id]);
    if (!row) throw new QuestionnaireNotFoundError();
    return row;
  }
}

export class GetSurveyForm extends Query<SurveyFormView> {
  constructor(readonly access: AnswerAccess) {
    super();
  }
}

@QueryHandler(GetSurveyForm)
export class GetSurveyFormHandler implements IQueryHandler<GetSurveyForm> {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ access }: GetSurveyForm): Promise<SurveyFormView> {
    const { id } = await invitationFor(this.db, access);
    const row = await this.db.one<{ title: string; course_title: string | null; respondent_kind: RespondentKind; version_number: number; questions: Question[]; expires_at: Date; answered: boolean }>(
      `select q.title, c.title as course_title, i.respondent_kind, q.current_version as version_number, v.questions, i.expires_at,
              exists (select 1 from satisfaction.response r where r.token_sha256 = i.token_sha256) as answered
         from satisfaction.invitation i join satisfaction.questionnaire q on q.id = i.questionnaire_id
         join satisfaction.questionnaire_version v on v.questionnaire_id = q.id and v.number = q.current_version
         left join ${COURSE_SUMMARY} c on c.course_id = i.course_id
        where i.id = $1`,
      [id],
    );
    if (!row) throw new NotFoundError(INVITATION_MESSAGES.unknown);
    const expiresAt = new Date(row.expires_at);
    const state = row.answered ? 'repondu' : this.clock.now() >= expiresAt ? 'expire' : 'ouvert';
    return { title: row.title, course_title: row.course_title, respondent_kind: row.respondent_kind, version_number: row.version_number, questions: row.questions, expires_at: expiresAt.toISOString(), state };
  }
}

/** « Questionnaires à remplir »: a learner's invitations not answered and still open. */
export class ListMySurveys extends Query<MySurveyView[]> {
  constructor(readonly actor: Actor) {
    super();
  }
}

@QueryHandler(ListMySurveys)
export class ListMySurveysHandler implements IQueryHandler<ListMySurveys> {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ actor }: ListMySurveys): Promise<MySurveyView[]> {
    const rows = await this.db.query<{ invitation_id: number; title: string; course_id: number; course_title: string | null; sent_at: Date; expires_at: Date }>(
      `select i.id as invitation_id, q.title, i.course_id, c.title as course_title, i.sent_at, i.expires_at
         from satisfaction.invitation i join satisfaction.questionnaire q on q.id = i.questionnaire_id
         left join ${COURSE_SUMMARY} c on c.course_id = i.course_id
        where i.student_id = $1 and i.expires_at > $2
          and not exists (select 1 from satisfaction.response r where r.token_sha256 = i.token_sha256)
        order by i.sent_at, i.id`,
      [actor.profileId, this.clock.now()],
    );
    return rows.map((r) => ({ ...r, sent_at: new Date(r.sent_at).toISOString(), expires_at: new Date(r.expires_at).toISOString() }));
  }
}

export interface ResultFilters {
  courseId?: number;
  sessionId?: number;
  respondentKind?: RespondentKind;
}

export class GetSurveyResults extends Query<SurveyResultsView> {
  constructor(
    readonly questionnaireId: number,
    readonly filters: ResultFilters,
  ) {
    super();
  }
}

const rateOf = (sent: number, answered: number) => (sent === 0 ? null : Math.round((answered / sent) * 1000) / 1000);

@QueryHandler(GetSurveyResults)
export class GetSurveyResultsHandler implements IQueryHandler<GetSurveyResults> {
  constructor(private readonly db: Database) {}

  async execute({ questionnaireId, filters }: GetSurveyResults): Promise<SurveyResultsView> {
    const q = await this.db.one<{ id: number; title: string; kind: QuestionnaireKind }>('select id, title, kind from satisfaction.questionnaire where id = $1', [questionnaireId]);
    if (!q) throw new QuestionnaireNotFoundError();
    const params = [questionnaireId, filters.courseId ?? null, filters.sessionId ?? null, filters.respondentKind ?? null];
    const where = (a: string) => `${a}.questionnaire_id = $1 and ($2::int is null or ${a}.course_id = $2) and ($3::int is null or ${a}.session_id = $3) and ($4::text is null or ${a}.respondent_kind = $4)`;
    // Rates: invitations sent, and those whose token answered, per course, session and kind of respondent.
    const rates = await this.db.query<Omit<RateRowView, 'rate'>>(
      `select i.course_id, c.title as course_title, i.session_id, s.name as session_name, i.respondent_kind,
              count(*)::int as sent, count(r.id)::int as answered
         from satisfaction.invitation i
         left join satisfaction.response r on r.token_sha256 = i.token_sha256
         left join ${COURSE_SUMMARY} c on c.course_id = i.course_id
         left join ${TRAINING_SESSION_SUMMARY} s on s.session_id = i.session_id
        where ${where('i')}
        group by i.course_id, c.title, i.session_id, s.name, i.respondent_kind
        order by c.title, i.course_id, s.name nulls first, i.respondent_kind`,
      params,
    );
    const sent = rates.reduce((n, r) => n + r.sent, 0);
    const answered = rates.reduce((n, r) => n + r.answered, 0);
    const versions = await this.db.query<{ number: number; questions: Question[] }>(
      'select number, questions from satisfaction.questionnaire_version where questionnaire_id = $1 order by number desc', [questionnaireId],
    );
    const responses = await this.db.query<{ id: number; version_number: number; answers: Record<string, unknown> }>(
      `select r.id, r.version_number, r.answers from satisfaction.response r where ${where('r')} order by r.answered_at desc, r.id desc`, params,
    );
    const texts = await this.db.query<{ response_id: number; question_id: string; body: string }>(
      `select t.response_id, t.question_id, t.body from satisfaction.response_text t join satisfaction.response r on r.id = t.response_id
        where ${where('r')} order by r.answered_at desc, r.id desc`, params,
    );
    const questions: QuestionResultView[] = [];
    for (const version of versions) {
      const answersOf = responses.filter((r) => r.version_number === version.number);
      if (answersOf.length === 0 && version.number !== versions[0]?.number) continue;
      for (const question of version.questions) {
        const values = answersOf.map((r) => r.answers[question.id]).filter((v) => v !== undefined && v !== null);
        const result: QuestionResultView = {
          version_number: version.number, id: question.id, type: question.type, label: question.label,
          answers: values.length, average: null, distribution: null, choices: null, texts: null,
        };
        if (question.type === 'note') {
          const notes = values as number[];
          result.distribution = [1, 2, 3, 4, 5].map((n) => notes.filter((v) => v === n).length);
          result.average = notes.length ? Math.round((notes.reduce((a, b) => a + b, 0) / notes.length) * 100) / 100 : null;
        } else if (question.type === 'texte') {
          const ids = new Set(answersOf.map((r) => r.id));
          result.texts = texts.filter((t) => t.question_id === question.id && ids.has(t.response_id)).map((t) => t.body);
          result.answers = result.texts.length;
        } else {
          const chosen = values.flatMap((v) => (Array.isArray(v) ? v : [v])) as string[];
          result.choices = question.options.map((option) => ({ option, count: chosen.filter((c) => c === option).length }));
        }
        questions.push(result);
      }
    }
    return {
      questionnaire: q, sent, answered, rate: rateOf(sent, answered),
      rates: rates.map((r) => ({ ...r, rate: rateOf(r.sent, r.answered) })), questions,
    };
  }
}

/** The results as a workbook: response rates, the answers per question, the comments (anonymous). */
export async function resultsWorkbook(results: SurveyResultsView): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const rates = workbook.addWorksheet(sheetName('Taux de réponse'));
  rates.columns = [
    { header: 'Formation', key: 'course', width: 40 }, { header: 'Session', key: 'session', width: 30 }, { header: 'Répondants', key: 'kind', width: 14 },
    { header: 'Envoyés', key: 'sent', width: 10 }, { header: 'Réponses', key: 'answered', width: 10 }, { header: 'Taux de réponse', key: 'rate', width: 16 },
  ];
  for (const r of results.rates) {
    rates.addRow({ course: neutralise(r.course_title ?? `Formation ${r.course_id}`), session: neutralise(r.session_name ?? ''), kind: RESPONDENT_LABELS[r.respondent_kind], sent: r.sent, answered: r.answered, rate: r.rate });
  }
  rates.addRow({ course: 'Total', sent: results.sent, answered: results.answered, rate: results.rate });
  rates.getColumn('rate').numFmt = '0.0%';
  const answers = workbook.addWorksheet(sheetName('Réponses par question'));
  answers.columns = [
    { header: 'Version', key: 'version', width: 9 }, { header: 'Question', key: 'label', width: 50 }, { header: 'Type', key: 'type', width: 16 },
    { header: 'Réponses', key: 'answers', width: 10 }, { header: 'Moyenne (sur 5)', key: 'average', width: 15 }, { header: 'Détail', key: 'detail', width: 60 },
  ];
  for (const q of results.questions) {
    const detail = q.distribution
      ? q.distribution.map((n, i) => `${i + 1} : ${n}`).join(' ; ')
      : q.choices ? q.choices.map((c) => `${c.option} : ${c.count}`).join(' ; ') : `${q.texts?.length ?? 0} commentaire(s)`;
    answers.addRow({ version: q.version_number, label: neutralise(q.label), type: q.type, answers: q.answers, average: q.average, detail: neutralise(detail) });
  }
  const comments = workbook.addWorksheet(sheetName('Commentaires'));
  comments.columns = [{ header: 'Question', key: 'label', width: 50 }, { header: 'Commentaire', key: 'text', width: 100 }];
  for (const q of results.questions) for (const text of q.texts ?? []) comments.addRow({ label: neutralise(q.label), text: neutralise(text) });
  for (const sheet of [rates, answers, comments]) sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
