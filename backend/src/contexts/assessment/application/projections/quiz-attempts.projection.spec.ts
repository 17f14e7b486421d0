import { recorded, replay } from '../../../../platform/testing/projection-replay.js';
import { quizAttemptsProjection, type AttemptResultRow } from './quiz-attempts.projection.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 23, 9, 0, seconds)).toISOString();
const who = { studentId: 4, quizId: 9 };

describe('assessment.quiz-attempts', () => {
  it('given a completed attempt, a reset and a half-done second attempt, keeps one row per attempt with its score and times', () => {
    const started = recorded('QuizAttemptStarted', { ...who, attempt: 1 }, at(0));
    const rows = replay<AttemptResultRow>(quizAttemptsProjection as never, [
      started,
      recorded('QuestionAnswered', { ...who, attempt: 1, questionId: 1, chosen: 2, correct: true }, at(0)),
      recorded('QuestionAnswered', { ...who, attempt: 1, questionId: 2, chosen: 1, correct: false }, at(20)),
      recorded('QuizCompleted', { ...who, attempt: 1, score: 1, total: 2, courseId: 3, chapterId: null, subchapterId: null }, at(20)),
      recorded('QuizAttemptsReset', { ...who, attempt: 2 }, at(30)),
      recorded('QuizAttemptStarted', { ...who, attempt: 2 }, at(40)),
      recorded('QuestionAnswered', { ...who, attempt: 2, questionId: 1, chosen: 2, correct: true }, at(40)),
    ]);
    expect(rows).toEqual([
      {
        student_id: 4, quiz_id: 9, attempt: 1, attempt_id: started.position, started_at: at(0), last_answer_at: at(20), completed_at: at(20),
        answered: 2, correct: 1, total: 2,
      },
      expect.objectContaining({ attempt: 2, started_at: at(40), last_answer_at: at(40), completed_at: null, answered: 1, correct: 1, total: null }),
    ]);
  });

  it('does not make a row of answers whose attempt start it never saw, and ignores resets', () => {
    expect(replay(quizAttemptsProjection as never, [recorded('QuestionAnswered', { ...who, attempt: 5, questionId: 1, chosen: 1, correct: true })])).toEqual([null]);
    expect(quizAttemptsProjection.handles).toEqual(['QuizAttemptStarted', 'QuestionAnswered', 'QuizCompleted']);
  });
});
