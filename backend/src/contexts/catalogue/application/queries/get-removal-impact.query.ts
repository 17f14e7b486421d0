import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { CountCourseLearners } from '../../contracts/catalogue.queries.js';
import { removalMode } from '../../domain/course-fields.js';
import { authoredCourse, authoredStep } from './authored-course.js';
import type { RemovalImpactView } from './authoring.views.js';

export type RemovalTarget = 'course' | 'chapter' | 'subchapter';

/** What removing a course or a step would do (archive or delete), for the confirmation to say it. */
export class GetRemovalImpact extends Query<RemovalImpactView> {
  constructor(
    readonly actor: Actor,
    readonly target: RemovalTarget,
    readonly id: number,
  ) {
    super();
  }
}

@QueryHandler(GetRemovalImpact)
export class GetRemovalImpactHandler implements IQueryHandler<GetRemovalImpact> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, target, id }: GetRemovalImpact): Promise<RemovalImpactView> {
    const course = target === 'course' ? await authoredCourse(this.db, actor, id) : await authoredStep(this.db, actor, target, id);
    const enrolled = await this.queries.execute(new CountCourseLearners(course.id));
    return { mode: removalMode(enrolled), enrolled_students: enrolled };
  }
}
