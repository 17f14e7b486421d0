import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { authoredStep } from './authored-course.js';
import { subchaptersSql, subchapterView } from './authoring.sql.js';
import type { SubchapterView } from './authoring.views.js';

/** A chapter's live sub-chapters in order: the course's trainer and admins. */
export class ListSubchapters extends Query<SubchapterView[]> {
  constructor(
    readonly actor: Actor,
    readonly chapterId: number,
  ) {
    super();
  }
}

export class GetSubchapter extends Query<SubchapterView> {
  constructor(
    readonly actor: Actor,
    readonly subchapterId: number,
  ) {
    super();
  }
}

@QueryHandler(ListSubchapters)
export class ListSubchaptersHandler implements IQueryHandler<ListSubchapters> {
  constructor(private readonly db: Database) {}

  async execute({ actor, chapterId }: ListSubchapters): Promise<SubchapterView[]> {
    await authoredStep(this.db, actor, 'chapter', chapterId);
    const rows = await this.db.query<Omit<SubchapterView, 'video_embed_url'>>(subchaptersSql('sc.chapter_id = $1'), [chapterId]);
    return rows.map(subchapterView);
  }
}

@QueryHandler(GetSubchapter)
export class GetSubchapterHandler implements IQueryHandler<GetSubchapter> {
  constructor(private readonly db: Database) {}

  async execute({ actor, subchapterId }: GetSubchapter): Promise<SubchapterView> {
    await authoredStep(this.db, actor, 'subchapter', subchapterId);
    const [row] = await this.db.query<Omit<SubchapterView, 'video_embed_url'>>(subchaptersSql('sc.id = $1'), [subchapterId]);
    return subchapterView(row!);
  }
}
