import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { IsQuizOfTrainer } from '../../../catalogue/contracts/catalogue.queries.js';

/** Assessment answers the catalogue's question: is this a live quiz of the course's trainer? */
@QueryHandler(IsQuizOfTrainer)
export class IsQuizOfTrainerHandler implements IQueryHandler<IsQuizOfTrainer> {
  constructor(private readonly db: Database) {}

  async execute({ quizId, teacherId }: IsQuizOfTrainer): Promise<boolean> {
    if (teacherId === null) return false;
    return (await this.db.query('select 1 from assessment.quiz where id = $1 and teacher_id = $2 and archived_at is null', [quizId, teacherId])).length > 0;
  }
}
