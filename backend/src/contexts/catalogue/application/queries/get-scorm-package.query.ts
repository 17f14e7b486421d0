import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';

/** Where a SCORM step's unpacked package is stored and the file its manifest launches. */
export interface ScormPackageView {
  course_id: number;
  scorm_path: string;
  launch: string;
}

/** The SCORM package of chapter `chapterId`; null when it is not a SCORM step or has no usable package. */
export class GetScormPackage extends Query<ScormPackageView | null> {
  constructor(readonly chapterId: number) {
    super();
  }
}

@QueryHandler(GetScormPackage)
export class GetScormPackageHandler implements IQueryHandler<GetScormPackage> {
  constructor(private readonly db: Database) {}

  async execute({ chapterId }: GetScormPackage): Promise<ScormPackageView | null> {
    const row = await this.db.one<{ course_id: number; scorm_path: string | null; launch: string | null }>(
      `select course_id, scorm_path, scorm_manifest->>'launch' as launch from catalogue.chapter where id = $1 and content_type = 'scorm'`,
      [chapterId],
    );
    if (!row?.scorm_path || !row.launch) return null;
    return { course_id: row.course_id, scorm_path: row.scorm_path, launch: row.launch };
  }
}
