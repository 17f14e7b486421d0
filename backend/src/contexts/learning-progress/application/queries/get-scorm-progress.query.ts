import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { ForbiddenError } from '../../../../shared-kernel/index.js';
import { NOT_YOURS } from '../../../../platform/auth/ownership.js';
import { assertProgressReader } from '../progress-access.js';

export class ScormScoState {
  @ApiProperty() sco!: string;
  @ApiProperty({ enum: ['1.2', '2004'] }) version!: string;
  @ApiProperty({ description: 'Le dernier cmi_data appliqué, entier (suspend_data compris)' }) cmi!: Record<string, unknown>;
  @ApiProperty({ description: 'Temps total en secondes (la somme des sessions)' }) total_time!: number;
  @ApiProperty({ description: "L'instant de la dernière sauvegarde, à la microseconde (horloge du serveur)" }) updated_at!: string;
}

/**
 * Where a SCORM chapter resumes: the state of each of its SCOs in the attempt under way (empty: start
 * from the beginning), the one saved last at the end (the package resumes at it when it was left
 * suspended): by the instant, to the microsecond, then by the order of the saves for one instant.
 */
export class ScormProgressView {
  @ApiProperty({ enum: ['ab-initio', 'resume'] }) entry!: 'ab-initio' | 'resume';
  @ApiProperty({ type: [ScormScoState], description: 'Dans l\'ordre de leur dernière sauvegarde, la plus récente en dernier (à instant égal, celle enregistrée après)' }) scos!: ScormScoState[];
}

export class GetScormProgress extends Query<ScormProgressView> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly chapterId: number,
  ) {
    super();
  }
}

@QueryHandler(GetScormProgress)
export class GetScormProgressHandler implements IQueryHandler<GetScormProgress> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, studentId, chapterId }: GetScormProgress): Promise<ScormProgressView> {
    if (actor.role === 'student' && actor.profileId !== studentId) throw new ForbiddenError(NOT_YOURS);
    // The attempt under way (the one after the last ended): its SCO states only, an ended attempt's stay in the trace.
    const [current] = await this.db.query<{ attempt: number }>(
      'select coalesce(max(attempt), 0) + 1 as attempt from progress.scorm_attempt_end where student_id = $1 and chapter_id = $2',
      [studentId, chapterId],
    );
    const attempt = Number(current?.attempt ?? 1);
    const rows = await this.db.query<ScormScoState & { course_id: number }>(
      `select sco, version, cmi, total_seconds::float8 as total_time, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at, course_id
         from progress.scorm_state where student_id = $1 and chapter_id = $2 and attempt = $3 order by updated_at, saved_seq`,
      [studentId, chapterId, attempt],
    );
    // Nothing saved yet in this attempt: nothing to reveal, whoever asks.
    if (rows.length === 0) return { entry: 'ab-initio', scos: [] };
    await assertProgressReader(this.queries, actor, studentId, rows[0]!.course_id);
    return { entry: 'resume', scos: rows.map(({ course_id: _course, ...row }) => row) };
  }
}
