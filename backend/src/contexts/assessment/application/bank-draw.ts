import type { UnitOfWork } from '../../../platform/aggregate-store/index.js';
import { InvalidInputError } from '../../../shared-kernel/index.js';
import type { QuizRules } from '../domain/quiz.aggregate.js';

/**
 * A quiz that draws from a bank names a category of its trainer's bank holding at least the number
 * drawn (checked when the quiz is saved; the attempt's start checks again, ADR 0045).
 */
export async function assertDrawable(uow: UnitOfWork, teacherId: number | null, rules: QuizRules): Promise<void> {
  if (rules.drawCategory === null || rules.drawCount === null) return;
  if (teacherId === null) throw new InvalidInputError('Un quiz sans formateur ne peut pas tirer ses questions d’une banque.', 'draw_category');
  const rows = await uow.em.execute<{ n: number }[]>(
    'select count(*)::int as n from assessment.bank_question where teacher_id = ? and category = ? and archived_at is null',
    [teacherId, rules.drawCategory],
  );
  const available = rows[0]?.n ?? 0;
  if (available < rules.drawCount) {
    const held = available === 0 ? 'ne compte aucune question' : available === 1 ? 'ne compte qu’une question' : `ne compte que ${available} questions`;
    throw new InvalidInputError(`La catégorie « ${rules.drawCategory} » de la banque ${held} : impossible d’en tirer ${rules.drawCount}.`, 'draw_count');
  }
}
