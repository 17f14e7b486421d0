import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { assertProgressReader } from '../progress-access.js';

/** A step's progress record (the spec's fields, plus how and when it was validated). */
export class ProgressRecord {
  @ApiProperty() id!: number;
  @ApiProperty() content_type!: string;
  @ApiProperty({ type: Number, nullable: true }) chapter!: number | null;
  @ApiProperty({ type: Number, nullable: true }) subchapter!: number | null;
  @ApiProperty({ description: 'Temps actif en secondes (méthode v1)' }) time_spent!: number;
  @ApiProperty({ description: 'Temps connecté en secondes (méthode v1)' }) connected_time!: number;
  @ApiProperty() validated!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'La règle qui a validé l’étape' }) rule!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Secondes uniques de vidéo vues' }) duration!: number | null;
  @ApiProperty() opened_at!: string;
  @ApiProperty({ type: String, nullable: true }) validated_at!: string | null;
}

/** A student's progress records in a course: the student, the course's trainer, admins. */
export class ListProgress extends Query<ProgressRecord[]> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
  ) {
    super();
  }
}

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

@QueryHandler(ListProgress)
export class ListProgressHandler implements IQueryHandler<ListProgress> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, studentId, courseId }: ListProgress): Promise<ProgressRecord[]> {
    await assertProgressReader(this.queries, actor, studentId, courseId);
    return this.db.query<ProgressRecord>(
      `select s.id, s.content_type,
              case when s.kind = 'chapter' then s.step_id end as chapter,
              case when s.kind = 'subchapter' then s.step_id end as subchapter,
              s.active_seconds as time_spent, s.connected_seconds as connected_time, s.validated_at is not null as validated, s.rule,
              (select round(sum((i->>1)::numeric - (i->>0)::numeric))::int from jsonb_array_elements(s.played) i) as duration,
              ${iso('s.opened_at')} as opened_at, ${iso('s.validated_at')} as validated_at
         from progress.course_progress p join progress.step_progress s on s.course_progress_id = p.id
        where p.student_id = $1 and p.course_id = $2
        order by s.opened_at, s.id`,
      [studentId, courseId],
    );
  }
}
