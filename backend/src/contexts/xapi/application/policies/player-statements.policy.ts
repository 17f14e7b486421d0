import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { eventIdFor, type Policy, type RecordedEvent } from '../../../../platform/event-log/index.js';
import type { QuestionAnswered, QuizCompleted } from '../../../assessment/contracts/assessment.events.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { GetCourseTitle } from '../../../catalogue/contracts/catalogue.queries.js';
import type { ChapterValidated, CourseCompleted, LearningTimeRecorded, ScormCommitted, StepOpened } from '../../../learning-progress/contracts/learning-progress.events.js';
import { XapiHome } from '../../domain/principal.js';
import { XapiError } from '../../domain/xapi.errors.js';
import { StoreStatements } from '../commands/store-statements.command.js';
import { SCORM_MAPPING_EXTENSION, SCORM_MAPPING_VERSION, scormOutcomeV2 } from './scorm-mapping.js';

type Obj = Record<string, unknown>;
type Fact<E extends { type: string; payload: object }> = RecordedEvent<E['type'], E['payload']>;
type PlayerFact =
  | Fact<StepOpened>
  | Fact<LearningTimeRecorded>
  | Fact<ChapterValidated>
  | Fact<CourseCompleted>
  | Fact<ScormCommitted>
  | Fact<QuestionAnswered>
  | Fact<QuizCompleted>;

const ADL = 'http://adlnet.gov/expapi';
export const PLAYER_VERBS = {
  launched: `${ADL}/verbs/launched`,
  progressed: `${ADL}/verbs/progressed`,
  completed: `${ADL}/verbs/completed`,
  answered: `${ADL}/verbs/answered`,
  passed: `${ADL}/verbs/passed`,
  failed: `${ADL}/verbs/failed`,
} as const;
const TITLE_TTL_MS = 60_000;
export const RULE_EXTENSION = 'https://lms-formation.fr/xapi/extensions/validation-rule';
export const CONNECTED_EXTENSION = 'https://lms-formation.fr/xapi/extensions/connected-seconds';
export const SCO_EXTENSION = 'https://lms-formation.fr/xapi/extensions/scorm-sco';
/** A question drawn from the trainer's bank: its id, revision and SHA-256 as the attempt recorded them (ADR 0045). */
export const BANK_QUESTION_EXTENSION = 'https://lms-formation.fr/xapi/extensions/bank-question';

function verb(name: keyof typeof PLAYER_VERBS): Obj {
  return { id: PLAYER_VERBS[name], display: { 'fr-FR': name, 'en-US': name } };
}

/**
 * The player's trace in the LRS: each learning-progress and assessment fact becomes the xAPI
 * statement that says it, the student as an `account` actor (never an e-mail address), the course
 * and the step as activities, the platform as authority. The statement id derives from the event
 * id and its timestamp is the event's: a second delivery stores the same statement, a no-op.
 */
@Injectable()
export class PlayerStatementsPolicy implements Policy<PlayerFact> {
  readonly name = 'xapi.player-statements';
  readonly handles = ['StepOpened', 'LearningTimeRecorded', 'ChapterValidated', 'CourseCompleted', 'ScormCommitted', 'QuestionAnswered', 'QuizCompleted'] as const;
  /** Course titles, each read again after TITLE_TTL_MS: a renamed course is named anew within a minute. */
  private readonly titles = new Map<number, { title: string; at: number }>();

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly home: XapiHome,
    private readonly clock: Clock,
  ) {}

  async handle(event: PlayerFact): Promise<void> {
    const statement = await this.statementOf(event);
    if (!statement) return;
    statement.id = eventIdFor(event.eventId, 'xapi-statement');
    statement.timestamp = event.occurredAt;
    try {
      await this.commands.execute(new StoreStatements({ kind: 'platform' }, [statement]));
    } catch (error) {
      // Already stored for this event, with a course title changed since (a second delivery): the
      // statement of this fact exists, which is what matters; retrying would block the policy.
      if (error instanceof XapiError && error.status === 409) return;
      throw error;
    }
  }

  private async statementOf(event: PlayerFact): Promise<Obj | null> {
    const actor = this.home.studentAgent(event.payload.studentId);
    switch (event.type) {
      case 'StepOpened': {
        const p = event.payload;
        return { actor, verb: verb('launched'), object: this.step(p.courseId, p.kind, p.stepId, p.contentType), context: await this.inCourse(p.courseId) };
      }
      case 'LearningTimeRecorded': {
        const p = event.payload;
        return {
          actor,
          verb: verb('progressed'),
          object: this.step(p.courseId, p.kind, p.stepId),
          result: { duration: `PT${Math.max(0, Math.round(p.activeSeconds))}S`, extensions: { [CONNECTED_EXTENSION]: p.connectedSeconds } },
          context: await this.inCourse(p.courseId),
        };
      }
      case 'ChapterValidated': {
        const p = event.payload;
        return {
          actor,
          verb: verb('completed'),
          object: this.step(p.courseId, p.kind, p.stepId),
          result: { completion: true, extensions: { [RULE_EXTENSION]: p.rule } },
          context: await this.inCourse(p.courseId),
        };
      }
      case 'CourseCompleted': {
        const p = event.payload;
        return { actor, verb: verb('completed'), object: await this.course(p.courseId), result: { completion: true } };
      }
      case 'ScormCommitted':
        // Version 1 of the event (before ADR 0027) says nothing here: `xapi:remap-scorm` voids what mapping 1 stored and reissues it.
        return (event.schemaVersion ?? 1) >= 2 ? this.scormStatement(event.payload) : null;
      case 'QuestionAnswered': {
        const p = event.payload;
        return {
          actor,
          verb: verb('answered'),
          object: { objectType: 'Activity', id: `${this.quizIri(p.quizId)}/question/${p.questionId}`, definition: { type: `${ADL}/activities/cmi.interaction`, interactionType: 'choice' } },
          // Several options chosen (ADR 0045): xAPI's choice response lists them separated by « [,] ».
          result: { success: p.correct, response: p.choices ? p.choices.join('[,]') : String(p.chosen) },
          context: {
            contextActivities: { parent: [{ objectType: 'Activity', id: this.quizIri(p.quizId) }] },
            // Events written before the bank said where a question came from have no source: nothing added.
            ...(p.source === 'bank' ? { extensions: { [BANK_QUESTION_EXTENSION]: { id: p.questionId, revision: p.version, hash: p.hash } } } : {}),
          },
        };
      }
      case 'QuizCompleted': {
        const p = event.payload;
        const result: Obj = { completion: true };
        if (p.total > 0 && p.score >= 0 && p.score <= p.total) result.score = { raw: p.score, min: 0, max: p.total, scaled: p.score / p.total };
        const step = p.courseId !== null && (p.subchapterId ?? p.chapterId) !== null;
        return {
          actor,
          verb: verb('completed'),
          object: { objectType: 'Activity', id: this.quizIri(p.quizId), definition: { type: `${ADL}/activities/assessment` } },
          result,
          ...(step
            ? {
                context: {
                  contextActivities: {
                    parent: [{ objectType: 'Activity', id: this.home.stepIri(p.courseId!, p.subchapterId ? 'subchapter' : 'chapter', (p.subchapterId ?? p.chapterId)!) }],
                    grouping: [{ objectType: 'Activity', id: this.home.courseIri(p.courseId!) }],
                  },
                },
              }
            : {}),
        };
      }
    }
  }

  /**
   * A SCORM commit's statement by mapping 2 (scorm-mapping.ts, ADR 0027), or null when the SCO's
   * standing did not change: the SCO as the activity, the chapter as parent, the course as
   * grouping, the mapping's version in the context.
   */
  async scormStatement(p: ScormCommitted['payload']): Promise<Obj | null> {
    const outcome = scormOutcomeV2(p);
    if (!outcome) return null;
    return {
      actor: this.home.studentAgent(p.studentId),
      verb: verb(outcome.verb),
      object: this.sco(p.courseId, p.chapterId, p.sco),
      result: outcome.result,
      context: {
        contextActivities: { parent: [this.step(p.courseId, 'chapter', p.chapterId, 'scorm')], grouping: [await this.course(p.courseId)] },
        extensions: { [SCORM_MAPPING_EXTENSION]: SCORM_MAPPING_VERSION },
      },
    };
  }

  /** A SCO of a chapter's package: its manifest identifier, percent-encoded, under the chapter's IRI. */
  private sco(courseId: number, chapterId: number, sco: string): Obj {
    return {
      objectType: 'Activity',
      id: `${this.home.stepIri(courseId, 'chapter', chapterId)}/sco/${encodeURIComponent(sco)}`,
      definition: { type: `${ADL}/activities/lesson`, extensions: { [SCO_EXTENSION]: sco } },
    };
  }

  private quizIri(quizId: number): string {
    return `${this.home.homePage}/xapi/activities/quiz/${quizId}`;
  }

  private step(courseId: number, kind: string, stepId: number, contentType?: string): Obj {
    const definition: Obj = { type: `${ADL}/activities/module` };
    if (contentType) definition.extensions = { 'https://lms-formation.fr/xapi/extensions/content-type': contentType };
    return { objectType: 'Activity', id: this.home.stepIri(courseId, kind, stepId), definition };
  }

  private async course(courseId: number): Promise<Obj> {
    const now = this.clock.now().getTime();
    const cached = this.titles.get(courseId);
    let title = cached && now - cached.at < TITLE_TTL_MS ? cached.title : undefined;
    if (title === undefined) {
      title = await this.queries.execute(new GetCourseTitle(courseId)).then(
        (course) => course.title,
        () => '',
      );
      this.titles.set(courseId, { title, at: now });
    }
    const definition: Obj = { type: `${ADL}/activities/course` };
    if (title) definition.name = { 'fr-FR': title };
    return { objectType: 'Activity', id: this.home.courseIri(courseId), definition };
  }

  private async inCourse(courseId: number): Promise<Obj> {
    return { contextActivities: { parent: [await this.course(courseId)] } };
  }
}
