import { Query } from '@nestjs/cqrs';
import { ApiProperty } from '@nestjs/swagger';
import type { Reader } from '../../../shared-kernel/index.js';

/** How fast a trainer answers their students (from the reply-delay projection). */
export class ResponseTimesView {
  @ApiProperty() teacher!: number;
  @ApiProperty({ description: 'Réponses mesurées' }) replies!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Délai médian de première réponse, en secondes' }) median_seconds!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: '90e centile, en secondes' }) p90_seconds!: number | null;
  @ApiProperty({ description: 'Conversations dont un message d’étudiant attend une réponse' }) awaiting_reply!: number;
  @ApiProperty({ type: String, nullable: true }) oldest_awaiting_since!: string | null;
}

/** A trainer's response times to their students (median and 90th percentile, waiting conversations): the trainer, admins, the audit screens. */
export class GetTrainerResponseTimes extends Query<ResponseTimesView> {
  constructor(
    readonly reader: Exclude<Reader, null>,
    readonly teacherId: number,
  ) {
    super();
  }
}
