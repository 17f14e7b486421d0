import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';

/** What launching a SCORM step needs: where its package is, the file its manifest launches, its version. */
export interface ScormLaunchTarget {
  course_id: number;
  scorm_path: string;
  launch: string;
  version: '1.2' | '2004';
}

/** The SCORM package of a live chapter, for the content origin (docs/adr/0025); null when there is none. */
export class GetScormLaunchTarget extends Query<ScormLaunchTarget | null> {
  constructor(readonly chapterId: number) {
    super();
  }
}

@QueryHandler(GetScormLaunchTarget)
export class GetScormLaunchTargetHandler implements IQueryHandler<GetScormLaunchTarget> {
  constructor(private readonly db: Database) {}

  async execute({ chapterId }: GetScormLaunchTarget): Promise<ScormLaunchTarget | null> {
    const row = await this.db.one<{ course_id: number; scorm_path: string | null; launch: string | null; version: string | null }>(
      `select course_id, scorm_path, scorm_manifest->>'launch' as launch, scorm_version as version
         from catalogue.chapter where id = $1 and content_type = 'scorm'`,
      [chapterId],
    );
    if (!row?.scorm_path || !row.launch) return null;
    return { course_id: row.course_id, scorm_path: row.scorm_path, launch: row.launch, version: row.version === '2004' ? '2004' : '1.2' };
  }
}
