import { ApiProperty } from '@nestjs/swagger';

/** The current attempt as the server decided it (times on its clock). */
export class AttemptState {
  @ApiProperty() attempt!: number;
  @ApiProperty() started_at!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Fin de la durée limite (null : sans limite)' }) deadline!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Secondes restantes selon l’horloge du serveur (null : sans limite)' }) remaining_seconds!: number | null;
  @ApiProperty({ type: String, nullable: true }) completed_at!: string | null;
  @ApiProperty({ type: Number, nullable: true }) score!: number | null;
  @ApiProperty({ type: Number, nullable: true }) total!: number | null;
  @ApiProperty({ type: Boolean, nullable: true }) passed!: boolean | null;
  @ApiProperty({ type: String, nullable: true, enum: ['answers', 'time-limit'] }) closed_by!: 'answers' | 'time-limit' | null;
}

/** Where a learner is in a quiz under its rules, and what happens next (the quiz screen). */
export class QuizStatusView {
  @ApiProperty({ type: Number, nullable: true, description: 'Seuil de réussite en % (null : aucun)' }) pass_mark!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Tentatives autorisées, celles accordées comprises (null : illimité)' }) attempts_allowed!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Durée limite en minutes (null : sans limite)' }) time_limit!: number | null;
  @ApiProperty({ description: 'Tentatives commencées' }) attempts_used!: number;
  @ApiProperty({ type: AttemptState, nullable: true }) current!: AttemptState | null;
  @ApiProperty({ description: 'Toutes les tentatives utilisées, la dernière sous le seuil, en attente du formateur' }) out_of_attempts!: boolean;
  @ApiProperty({ description: 'Le formateur a validé le quiz à la main' }) validated_by_trainer!: boolean;
  @ApiProperty({ description: 'Une nouvelle tentative peut être commencée' }) can_restart!: boolean;
  @ApiProperty({ description: 'La dernière tentative close a réussi (au seuil ou au-dessus)' }) passed!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Ce qui se passe ensuite, en français' }) message!: string | null;
}

export class ReviewOption {
  @ApiProperty() id!: number;
  @ApiProperty() text!: string;
}

export class ReviewQuestion {
  @ApiProperty() id!: number;
  @ApiProperty() number!: number;
  @ApiProperty() questions!: string;
  @ApiProperty() ans1!: string;
  @ApiProperty() ans2!: string;
  @ApiProperty() ans3!: string;
  @ApiProperty() ans4!: string;
  @ApiProperty({ type: String, nullable: true, description: 'La réponse de l’apprenant (null : sans réponse)' }) chosen!: string | null;
  @ApiProperty({ description: 'La (les) bonne(s) réponse(s), séparées par « ; »' }) right_ans!: string;
  @ApiProperty() correct!: boolean;
  @ApiProperty() explanation!: string;
  @ApiProperty({ enum: ['single', 'multiple', 'true-false'] }) kind!: string;
  @ApiProperty({ type: [ReviewOption], description: 'Les réponses dans l’ordre où l’apprenant les a vues' }) options!: ReviewOption[];
  @ApiProperty({ type: [Number], description: 'Les numéros des réponses choisies' }) chosen_options!: number[];
  @ApiProperty({ type: [Number], description: 'Les numéros des bonnes réponses' }) right_answers!: number[];
}

/** A closed attempt corrected: the learner's answers against the right ones, with the explanations. */
export class QuizReview {
  @ApiProperty() quiz!: number;
  @ApiProperty() title!: string;
  @ApiProperty() attempt!: number;
  @ApiProperty() score!: number;
  @ApiProperty() total!: number;
  @ApiProperty({ type: Boolean, nullable: true }) passed!: boolean | null;
  @ApiProperty({ type: Number, nullable: true }) pass_mark!: number | null;
  @ApiProperty({ type: [ReviewQuestion] }) questions!: ReviewQuestion[];
}

/** A learner out of attempts below the pass mark, awaiting their trainer's decision. */
export class QuizAlert {
  @ApiProperty() quiz!: number;
  @ApiProperty() quiz_title!: string;
  @ApiProperty() student!: number;
  @ApiProperty() student_name!: string;
  @ApiProperty() attempts!: number;
  @ApiProperty({ type: Number, nullable: true }) score!: number | null;
  @ApiProperty({ type: Number, nullable: true }) total!: number | null;
  @ApiProperty({ type: Number, nullable: true }) pass_mark!: number | null;
  @ApiProperty() since!: string;
}
