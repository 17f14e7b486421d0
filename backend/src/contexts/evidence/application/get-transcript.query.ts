import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { NOT_YOURS } from '../../../platform/auth/ownership.js';
import { Database } from '../../../platform/database/database.js';
import { Clock, ForbiddenError, NotFoundError, type Actor } from '../../../shared-kernel/index.js';
import { GetQuizTranscript } from '../../assessment/contracts/assessment.transcript.js';
import { GetCourseOutline, GetCourseOwner, GetCoursePromises, type OutlineStep } from '../../catalogue/contracts/catalogue.queries.js';
import { COURSE_ENROLMENT } from '../../enrolment/contracts/enrolment.read-models.js';
import { AssertAuditorMayRead } from '../../identity/contracts/identity.auditors.js';
import { GetTeacherSummaries } from '../../identity/contracts/identity.queries.js';
import { STUDENT_RECORD } from '../../identity/contracts/identity.read-models.js';
import { GetLearningTranscript } from '../../learning-progress/contracts/learning-progress.transcript.js';
import { GetSupportTranscript } from '../../tutoring/contracts/tutoring.support.js';
import { GetTutoringTranscript } from '../../tutoring/contracts/tutoring.transcript.js';
import type { TranscriptPersonView, TranscriptStepView, TranscriptView } from './transcript.views.js';

export const TRANSCRIPT_MESSAGES = {
  noTranscript: "Aucun relevé : cet étudiant n'a jamais été inscrit à ce cours.",
  studentNotFound: 'Étudiant non trouvé.',
};

/** What the time method v1 counts (docs/learning-progress.md), in the words the transcript prints. */
export const TIME_METHOD_DESCRIPTION =
  'Temps mesuré par le serveur à partir des signaux envoyés par le lecteur toutes les quelques secondes : ' +
  'temps connecté quand la page est visible, temps actif quand une vidéo joue ou que l’apprenant a agi (clavier, souris, toucher) dans les 5 dernières minutes ; ' +
  'un écart de plus de 60 secondes entre deux signaux ne compte que 60 secondes.';

export const SUPPORT_NOTE =
  "Demandes d'assistance technique ouvertes par l'apprenant sur la plateforme (page Assistance) : celles de cette formation, et celles sans formation précisée ouvertes depuis l'inscription. " +
  'Les échanges avec les formateurs figurent dans le journal d’assistance pédagogique.';

/**
 * The transcript (relevé de formation) of a student in a course (issue 26 item 5, ADR 0034): the
 * student themselves, the course's trainer, admins (closed accounts included). Each section from
 * its owner's contract; nothing is written (reading is not an event).
 */
export class GetTranscript extends Query<TranscriptView> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
  ) {
    super();
  }
}

/** The student's record (closed accounts included) and enrolment, from the views identity and enrolment publish. */
export const TRANSCRIPT_STUDENT_SQL = `select s.id, s.fullname, s.closed_at,
         (select e.enrolled_at from ${COURSE_ENROLMENT} e where e.student_id = s.id and e.course_id = $2) as enrolled_at
    from ${STUDENT_RECORD} s where s.id = $1`;

type StudentRow = { id: number; fullname: string; closed_at: Date | null; enrolled_at: Date | null };
type PlanStep = OutlineStep & { kind: 'chapter' | 'subchapter'; chapter_id: number | null };

const iso = (date: Date | null): string | null => (date ? new Date(date).toISOString() : null);

@QueryHandler(GetTranscript)
export class GetTranscriptHandler implements IQueryHandler<GetTranscript> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, studentId, courseId }: GetTranscript): Promise<TranscriptView> {
    const course = await this.queries.execute(new GetCourseOwner(courseId));
    const mayRead = actor.role === 'admin' || (actor.role === 'student' && actor.profileId === studentId) || (actor.role === 'teacher' && course.teacher_id === actor.profileId);
    // An auditor in their scope and before their end date, closed accounts included (docs/adr/0039).
    if (actor.role === 'auditor') await this.queries.execute(new AssertAuditorMayRead(actor, courseId));
    else if (!mayRead) throw new ForbiddenError(NOT_YOURS);
    const student = await this.db.one<StudentRow>(TRANSCRIPT_STUDENT_SQL, [studentId, courseId]);
    // A closed account leaves every list but the admins' and auditors' (ADR 0015): its history is theirs to read.
    if (!student || (student.closed_at && actor.role !== 'admin' && actor.role !== 'auditor')) throw new NotFoundError(TRANSCRIPT_MESSAGES.studentNotFound);
    const learning = await this.queries.execute(new GetLearningTranscript(studentId, courseId));
    // A transcript exists while the student is enrolled, and stays once they have a record of progress (unenrolled later).
    if (!student.enrolled_at && !learning.started_at && learning.days.length === 0) throw new NotFoundError(TRANSCRIPT_MESSAGES.noTranscript);

    const outline = await this.queries.execute(new GetCourseOutline(courseId));
    const plan: PlanStep[] = outline.chapters.flatMap(({ subchapters, ...chapter }) => [
      { ...chapter, kind: 'chapter' as const, chapter_id: null },
      ...subchapters.map((sub) => ({ ...sub, kind: 'subchapter' as const, chapter_id: chapter.id })),
    ]);
    const teacherIds = course.teacher_id === null ? [] : [course.teacher_id];
    const quizIds = [...new Set(plan.flatMap((s) => (s.quiz_id === null ? [] : [s.quiz_id])))];
    // Requests without a course count in each course followed when they were opened (docs/adr/0037):
    // from the enrolment (or first access, unenrolled since) to the course's end for the learner (its
    // completion, or the last access once unenrolled). They are the admins' (and the learner's): a
    // trainer's transcript has only the requests about the course.
    const since = student.enrolled_at ?? (learning.first_access ? new Date(learning.first_access) : null);
    const until = learning.completed_at ? new Date(learning.completed_at) : !student.enrolled_at && learning.last_access ? new Date(learning.last_access) : null;
    const withoutCourse = since && actor.role !== 'teacher' ? { since, until } : null;
    const [quizzes, tutoring, promises, support] = await Promise.all([
      this.queries.execute(new GetQuizTranscript(studentId, courseId, quizIds)),
      this.queries.execute(new GetTutoringTranscript(studentId, teacherIds)),
      this.queries.execute(new GetCoursePromises(courseId)),
      this.queries.execute(new GetSupportTranscript(studentId, courseId, withoutCourse)),
    ]);
    // The declared average durations (D.6313-3-1 2°) the trainer entered, by step.
    const declared = new Map((promises?.steps ?? []).map((s) => [`${s.kind}:${s.step_id}`, s.declared_minutes]));
    const supportTrainerIds = support.flatMap((r) => r.answers.flatMap((a) => (a.teacher_id === null ? [] : [a.teacher_id])));
    const trainerIds = [...new Set([...teacherIds, ...tutoring.messages.map((m) => m.teacher_id), ...tutoring.homework.map((h) => h.teacher_id), ...supportTrainerIds])];
    const summaries = trainerIds.length ? await this.queries.execute(new GetTeacherSummaries(trainerIds)) : new Map();
    const person = (id: number): TranscriptPersonView => ({ id, full_name: summaries.get(id)?.full_name ?? `Formateur n° ${id}` });

    // Every step of the course in its order, with what the learner did on it; steps since removed after them.
    const recorded = new Map(learning.steps.map((s) => [`${s.kind}:${s.step_id}`, s]));
    const steps: TranscriptStepView[] = plan.map((step) => {
      const done = recorded.get(`${step.kind}:${step.id}`);
      recorded.delete(`${step.kind}:${step.id}`);
      return {
        kind: step.kind, step_id: step.id, title: step.title, chapter_id: step.chapter_id, content_type: step.content_type,
        declared_minutes: declared.get(`${step.kind}:${step.id}`) ?? null,
        opened_at: done?.opened_at ?? null, validated_at: done?.validated_at ?? null, rule: done?.rule ?? null, figures: done?.figures ?? null,
        connected_seconds: done?.connected_seconds ?? 0, active_seconds: done?.active_seconds ?? 0, sessions: done?.sessions ?? 0,
      };
    });
    for (const done of recorded.values()) {
      steps.push({ ...done, title: null, chapter_id: null, declared_minutes: null });
    }
    const titles = new Map(plan.filter((s) => s.kind === 'chapter').map((s) => [s.id, s.title]));

    return {
      student: { id: student.id, fullname: student.fullname, closed: student.closed_at !== null, closed_at: iso(student.closed_at) },
      course: { id: course.id, title: course.title, archived: course.archived, trainer: course.teacher_id === null ? null : person(course.teacher_id) },
      generated_at: this.clock.now().toISOString(),
      method: { version: learning.method, description: TIME_METHOD_DESCRIPTION },
      summary: {
        enrolled_at: iso(student.enrolled_at),
        first_access: learning.first_access,
        last_access: learning.last_access,
        completed_at: learning.completed_at,
        connected_seconds: learning.connected_seconds,
        active_seconds: learning.active_seconds,
        steps_total: plan.length,
        steps_validated: steps.filter((s) => s.title !== null && s.validated_at !== null).length,
      },
      connections: learning.days,
      steps,
      quiz_attempts: quizzes,
      scorm: learning.scorm.map((sco) => ({ ...sco, chapter_title: titles.get(sco.chapter_id) ?? null })),
      homework: tutoring.homework.map(({ teacher_id, ...h }) => ({ ...h, trainer: person(teacher_id) })),
      messages: tutoring.messages.map(({ teacher_id, ...m }) => ({ ...m, trainer: person(teacher_id) })),
      support: {
        recorded: true,
        note: SUPPORT_NOTE,
        requests: support.map(({ answers, ...r }) => ({
          ...r,
          step_title: r.step_id === null ? null : (plan.find((s) => s.kind === r.step_kind && s.id === r.step_id)?.title ?? null),
          answers: answers.map(({ teacher_id, ...a }) => ({ ...a, trainer: teacher_id === null ? null : person(teacher_id) })),
        })),
      },
    };
  }
}
