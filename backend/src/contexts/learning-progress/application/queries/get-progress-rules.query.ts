import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { MAX_PLAYBACK_RATE } from '../../domain/playback-bound.js';
import { FINISH_AFTER_SECONDS, VIDEO_SHARE } from '../../domain/validation-rules.js';

export class VideoRulesView {
  @ApiProperty({ description: 'Part de la durée à regarder (en secondes uniques) pour valider une vidéo, de 0 à 1', example: 0.9 })
  share!: number;
  @ApiProperty({ description: 'Secondes uniques regardées au-delà desquelles le bouton « Terminer » valide la vidéo', example: 120 })
  finish_after_seconds!: number;
  @ApiProperty({
    description: 'Vitesse de lecture la plus rapide que le lecteur propose : le serveur ne compte pas plus de secondes vues que le temps écoulé depuis l’ouverture de l’étape × cette vitesse (plus une marge)',
    example: 2,
  })
  max_rate!: number;
}

/** The figures of the validation rules the player shows and follows, as the server judges them. */
export class ProgressRulesView {
  @ApiProperty({ type: VideoRulesView }) video!: VideoRulesView;
}

export class GetProgressRules extends Query<ProgressRulesView> {}

/** Read straight from the domain's constants: the rule changes in one place, the player follows. */
@QueryHandler(GetProgressRules)
export class GetProgressRulesHandler implements IQueryHandler<GetProgressRules> {
  execute(): Promise<ProgressRulesView> {
    return Promise.resolve({ video: { share: VIDEO_SHARE, finish_after_seconds: FINISH_AFTER_SECONDS, max_rate: MAX_PLAYBACK_RATE } });
  }
}
