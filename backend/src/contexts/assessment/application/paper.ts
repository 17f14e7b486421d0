import { randomInt } from 'node:crypto';
import type { Database } from '../../../platform/database/database.js';
import { ConflictError } from '../../../shared-kernel/index.js';
import { questionHash } from '../domain/question-hash.js';
import type { QuestionKind, QuizRules } from '../domain/quiz.aggregate.js';
import type { PaperOption, PaperQuestion } from '../domain/student-quiz.aggregate.js';

/** A question's content as the paper copies it (the quiz's own or the bank's). */
interface SourceQuestion {
  id: number;
  revision: number;
  kind: QuestionKind;
  questions: string;
  ans1: string;
  ans2: string;
  ans3: string;
  ans4: string;
  right_ans: string;
  right_answers: number[] | null;
  explanation: string;
}

/** Fisher–Yates on the server's cryptographic random source (never the client's). */
export function shuffled<T>(items: readonly T[], random: (n: number) => number = randomInt): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function toPaper(q: SourceQuestion, source: 'quiz' | 'bank', shuffle: boolean, random: (n: number) => number): PaperQuestion {
  const answers = [q.ans1, q.ans2, q.ans3, q.ans4];
  const rights = q.right_answers ?? [answers.indexOf(q.right_ans) + 1];
  const options: PaperOption[] = answers.flatMap((text, i) => (text ? [{ id: i + 1, text }] : []));
  // « Vrai » stays before « Faux »: only questions with four options are shuffled.
  const shown = shuffle && q.kind !== 'true-false' ? shuffled(options, random) : options;
  return {
    questionId: q.id, source, version: q.revision, kind: q.kind, questions: q.questions, options: shown, rights, explanation: q.explanation,
    hash: questionHash({ kind: q.kind, questions: q.questions, answers, rights, explanation: q.explanation }),
  };
}

/**
 * An attempt's paper (ADR 0045), decided by the server when the attempt starts: N questions drawn
 * at random from the trainer's bank category, or the quiz's own live questions; in a random order
 * with their options shuffled when the quiz says so. Recorded with the attempt: a reload, a second
 * tab and the review show that same paper.
 */
export async function composePaper(db: Database, quizId: number, rules: QuizRules, random: (n: number) => number = randomInt): Promise<PaperQuestion[]> {
  if (rules.drawCategory !== null && rules.drawCount !== null) {
    const bank = await db.query<SourceQuestion>(
      `select b.id, b.revision, b.kind, b.questions, b.ans1, b.ans2, b.ans3, b.ans4, '' as right_ans, b.right_answers, b.explanation
         from assessment.bank_question b join assessment.quiz z on z.teacher_id = b.teacher_id
        where z.id = $1 and b.category = $2 and b.archived_at is null
        order by b.id`,
      [quizId, rules.drawCategory],
    );
    if (bank.length < rules.drawCount) {
      const drawn = rules.drawCount > 1 ? `${rules.drawCount} questions` : 'une question';
      const held = bank.length === 0 ? 'n’en compte aucune' : `n’en compte que ${bank.length}`;
      throw new ConflictError(`Ce quiz tire ${drawn} d’une catégorie de la banque qui ${held} : prévenez votre formateur.`);
    }
    const drawn = shuffled(bank, random).slice(0, rules.drawCount);
    // Drawn questions come in the order drawn (random); their options shuffled when the quiz says so.
    return drawn.map((q) => toPaper(q, 'bank', rules.shuffle, random));
  }
  const own = await db.query<SourceQuestion>(
    `select id, 1 as revision, kind, questions, ans1, ans2, ans3, ans4, right_ans, right_answers, explanation
       from assessment.question where quiz_id = $1 and archived_at is null order by position, id`,
    [quizId],
  );
  const ordered = rules.shuffle ? shuffled(own, random) : own;
  return ordered.map((q) => toPaper(q, 'quiz', rules.shuffle, random));
}

/** How many questions an attempt at the quiz asks: the paper's when it has one, else the live questions'. */
export const PAPER_TOTAL_SQL = (studentQuiz: string, attempt: string) =>
  `(select count(*) from assessment.attempt_question aq join assessment.quiz_attempt qa on qa.id = aq.attempt_id
     where qa.student_quiz_id = ${studentQuiz} and qa.attempt = ${attempt})`;
