import type { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Clock, SystemClock } from '../../../../shared-kernel/index.js';
import { XapiHome } from '../../domain/principal.js';
import { XapiError } from '../../domain/xapi.errors.js';
import { StoreStatements } from '../commands/store-statements.command.js';
import { PlayerStatementsPolicy } from './player-statements.policy.js';

const home = new XapiHome('https://lms.exemple.fr');
const fact = (type: string, payload: object, schemaVersion = 1) => ({ type, payload, schemaVersion, eventId: '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f', occurredAt: '2026-11-23T10:00:00.000Z' }) as never;

function policy(execute: (command: StoreStatements) => Promise<unknown>, title: () => string = () => 'Excel avancé', clock: Clock = new SystemClock()) {
  const commands = { execute } as unknown as CommandBus;
  const queries = { execute: () => Promise.resolve({ id: 4, title: title() }) } as unknown as QueryBus;
  return new PlayerStatementsPolicy(commands, queries, home, clock);
}

describe('xapi.player-statements', () => {
  it('says a validated step as completed, by the student as an account, the course as parent, the id derived from the event', async () => {
    const sent: StoreStatements[] = [];
    await policy(async (command) => sent.push(command)).handle(fact('ChapterValidated', { studentId: 12, courseId: 4, kind: 'chapter', stepId: 9, rule: 'text-finish-after-open', figures: {} }));
    const [statement] = sent[0].statements as Record<string, unknown>[];
    expect(sent[0].principal).toEqual({ kind: 'platform' });
    expect(statement).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-8/),
      timestamp: '2026-11-23T10:00:00.000Z',
      actor: { objectType: 'Agent', account: { homePage: 'https://lms.exemple.fr', name: '12' } },
      verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'fr-FR': 'completed', 'en-US': 'completed' } },
      object: { objectType: 'Activity', id: 'https://lms.exemple.fr/xapi/activities/course/4/chapter/9', definition: { type: 'http://adlnet.gov/expapi/activities/module' } },
      result: { completion: true, extensions: { 'https://lms-formation.fr/xapi/extensions/validation-rule': 'text-finish-after-open' } },
      context: { contextActivities: { parent: [{ objectType: 'Activity', id: 'https://lms.exemple.fr/xapi/activities/course/4', definition: { type: 'http://adlnet.gov/expapi/activities/course', name: { 'fr-FR': 'Excel avancé' } } }] } },
    });
  });

  it('says an answer as its option number, and several options chosen as xAPI\'s « a[,]b » response (ADR 0045)', async () => {
    const sent: StoreStatements[] = [];
    await policy(async (command) => sent.push(command)).handle(fact('QuestionAnswered', { studentId: 12, quizId: 3, attempt: 1, questionId: 8, chosen: 2, correct: true }));
    await policy(async (command) => sent.push(command)).handle(fact('QuestionAnswered', { studentId: 12, quizId: 3, attempt: 1, questionId: 9, chosen: 1, correct: false, choices: [1, 3] }));
    expect(sent.map((command) => (command.statements as { result: { response: string } }[])[0]!.result.response)).toEqual(['2', '1[,]3']);
  });

  it('says nothing for a SCORM commit of the event\'s version 1 (its statements are remapped by xapi:remap-scorm)', async () => {
    const sent: StoreStatements[] = [];
    const commit = { studentId: 12, courseId: 4, chapterId: 9, sco: 'sco1', sessionId: 's', seq: 1, completionStatus: 'completed', sessionSeconds: 30 };
    await policy(async (command) => sent.push(command)).handle(fact('ScormCommitted', { ...commit, successStatus: 'failed', score: 40 }));
    expect(sent).toEqual([]);
  });

  it('says a SCORM commit by mapping 2 only when the standing changed: the SCO as activity, the score in its four figures, the version in the context', async () => {
    const sent: StoreStatements[] = [];
    const p = policy(async (command) => sent.push(command));
    const commit = {
      studentId: 12, courseId: 4, chapterId: 9, sco: 'item 1/é', sessionId: 's', seq: 1, sessionSeconds: 30, version: '2004', lessonStatus: null,
      completionStatus: 'completed', successStatus: 'passed', score: 100, scoreMin: 0, scoreMax: 100, scoreScaled: 1,
    };
    await p.handle(fact('ScormCommitted', { ...commit, previous: null }, 2));
    await p.handle(fact('ScormCommitted', { ...commit, previous: { completionStatus: 'completed', successStatus: 'passed' } }, 2));
    await p.handle(fact('ScormCommitted', { ...commit, successStatus: 'unknown', previous: { completionStatus: 'incomplete', successStatus: 'unknown' } }, 2));
    await p.handle(fact('ScormCommitted', { ...commit, completionStatus: 'incomplete', successStatus: 'unknown', previous: { completionStatus: 'completed', successStatus: 'passed' } }, 2));
    const statements = sent.map((c) => c.statements[0] as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(statements.map((s) => s.verb.id)).toEqual(['http://adlnet.gov/expapi/verbs/passed', 'http://adlnet.gov/expapi/verbs/completed']);
    expect(statements[0]).toMatchObject({
      object: { objectType: 'Activity', id: 'https://lms.exemple.fr/xapi/activities/course/4/chapter/9/sco/item%201%2F%C3%A9', definition: { type: 'http://adlnet.gov/expapi/activities/lesson' } },
      result: { success: true, completion: true, score: { raw: 100, min: 0, max: 100, scaled: 1 } },
      context: {
        contextActivities: { parent: [{ id: 'https://lms.exemple.fr/xapi/activities/course/4/chapter/9' }], grouping: [{ id: 'https://lms.exemple.fr/xapi/activities/course/4' }] },
        extensions: { 'https://lms-formation.fr/xapi/extensions/scorm-mapping': 2 },
      },
    });
    expect(statements[1]!.result).toEqual({ completion: true, score: { raw: 100, min: 0, max: 100, scaled: 1 } });
  });

  it('names a renamed course anew once its cached title is a minute old', async () => {
    const sent: StoreStatements[] = [];
    let title = 'Excel avancé';
    let now = new Date('2026-11-23T10:00:00Z');
    const p = policy(async (command) => sent.push(command), () => title, { now: () => now });
    const completed = fact('CourseCompleted', { studentId: 12, courseId: 4 });
    const named = () => (sent.at(-1)!.statements[0] as { object: { definition: { name: Record<string, string> } } }).object.definition.name['fr-FR'];
    await p.handle(completed);
    title = 'Excel avancé : les tableaux';
    now = new Date('2026-11-23T10:00:59Z');
    await p.handle(completed);
    expect(named()).toBe('Excel avancé');
    now = new Date('2026-11-23T10:01:00Z');
    await p.handle(completed);
    expect(named()).toBe('Excel avancé : les tableaux');
  });

  it('takes a conflict on a second delivery as done, and lets other failures retry', async () => {
    const quiz = fact('QuizCompleted', { studentId: 12, quizId: 3, attempt: 1, score: 2, total: 3, courseId: null, chapterId: null, subchapterId: null });
    await expect(policy(() => Promise.reject(new XapiError(409, 'Conflict'))).handle(quiz)).resolves.toBeUndefined();
    await expect(policy(() => Promise.reject(new Error('base indisponible'))).handle(quiz)).rejects.toThrow('base indisponible');
  });
});
