import { Query } from '@nestjs/cqrs';

/**
 * Whether a student may play the steps of a course that name a quiz (docs/adr/0012, issue 22).
 * `null`: no live step of the course names the quiz (for that course, the quiz is not a step).
 * Otherwise `open` when one of them is open in the course's one order, and the refusal to show
 * (the player's own French warning for the first such step) when none is.
 */
export interface QuizStepAccess {
  open: boolean;
  refusal: string | null;
}

/**
 * Assessment's question, answered by learning-progress (downstream of it: the step order is
 * learning-progress's rule, ADR 0007's pattern of a question the upstream context defines). Asked
 * before a student starts, answers or resets a quiz that a course they follow names as a step.
 */
export class GetQuizStepAccess extends Query<QuizStepAccess | null> {
  constructor(
    readonly studentId: number,
    readonly courseId: number,
    readonly quizId: number,
  ) {
    super();
  }
}
