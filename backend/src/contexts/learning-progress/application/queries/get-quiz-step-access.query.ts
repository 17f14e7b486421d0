import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { NotFoundError } from '../../../../shared-kernel/index.js';
import { GetQuizStepAccess, type QuizStepAccess } from '../../../assessment/contracts/assessment.queries.js';
import { CHAPTER_LOCKED, SUBCHAPTER_LOCKED } from '../../domain/course-progress.aggregate.js';
import { isOpen, stepKey } from '../../domain/step-order.js';
import { coursePlan, type CoursePlan } from '../progress-access.js';

/**
 * Assessment's question before a student takes a quiz (issue 22): is a step of the course that
 * names the quiz open for them? The same order and the same refusal as the player's
 * (CourseProgress refuses a locked step with these warnings).
 */
@QueryHandler(GetQuizStepAccess)
export class GetQuizStepAccessHandler implements IQueryHandler<GetQuizStepAccess> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ studentId, courseId, quizId }: GetQuizStepAccess): Promise<QuizStepAccess | null> {
    let plan: CoursePlan;
    try {
      plan = await coursePlan(this.queries, courseId);
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
    const steps = plan.order.filter((step) => {
      const info = plan.info.get(stepKey(step));
      return info?.content_type === 'quiz' && info.quiz_id === quizId;
    });
    if (steps.length === 0) return null;
    const rows = await this.db.query<{ kind: 'chapter' | 'subchapter'; step_id: number }>(
      `select s.kind, s.step_id from progress.step_progress s join progress.course_progress c on c.id = s.course_progress_id
        where c.student_id = $1 and c.course_id = $2 and s.validated_at is not null`,
      [studentId, courseId],
    );
    const validated = new Set(rows.map((row) => stepKey({ kind: row.kind, id: row.step_id })));
    if (steps.some((step) => isOpen(plan.order, validated, step))) return { open: true, refusal: null };
    return { open: false, refusal: steps[0]!.kind === 'chapter' ? CHAPTER_LOCKED : SUBCHAPTER_LOCKED };
  }
}
