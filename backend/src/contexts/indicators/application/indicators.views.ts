import { ApiProperty } from '@nestjs/swagger';

/** The figures of the cohort (indicators 2, 11, 19): counts and their rates (null when nobody is counted). */
export class CohortFigures {
  @ApiProperty({ description: 'Apprenants entrés dans la période (ou de la session)' }) learners!: number;
  @ApiProperty({ description: 'Formation terminée (le serveur l’a constaté)' }) completed!: number;
  @ApiProperty({ description: 'Sortis sans terminer (désinscrits)' }) dropped!: number;
  @ApiProperty({ description: 'En cours' }) in_progress!: number;
  @ApiProperty({ description: 'En cours sans avoir ouvert une étape' }) not_started!: number;
  @ApiProperty({ type: Number, nullable: true }) completion_rate!: number | null;
  @ApiProperty({ type: Number, nullable: true }) dropout_rate!: number | null;
  @ApiProperty({ description: 'Apprenants d’une formation qui a une évaluation finale' }) evaluated!: number;
  @ApiProperty({ description: 'Évaluation finale passée au moins une fois' }) evaluation_taken!: number;
  @ApiProperty({ description: 'Évaluation finale réussie (seuil atteint, ou validée par le formateur)' }) evaluation_passed!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Réussites / évaluations passées' }) success_rate!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Meilleur score moyen à l’évaluation finale, en %' }) average_score!: number | null;
  @ApiProperty({ description: 'Apprenants ayant ouvert au moins une étape' }) opened_any!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Part moyenne des étapes ouvertes' }) steps_opened_share!: number | null;
  @ApiProperty({ description: 'Apprenants ayant téléchargé au moins un document de la formation (indicateur 19)' }) downloaded_any!: number;
  @ApiProperty({ description: 'Documents téléchargés par ces apprenants (un même document retéléchargé plus tard compte à nouveau)' }) documents_downloaded!: number;
  @ApiProperty({ description: 'Apprenants relancés au moins une fois (indicateur 12)' }) reminded!: number;
  @ApiProperty({ description: 'Relancés qui ont eu une activité après leur dernière relance' }) reminded_active!: number;
  @ApiProperty({ description: 'Relances envoyées à ces apprenants' }) reminders_sent!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Reprises d’activité / apprenants relancés' }) reactivation_rate!: number | null;
}

export class CourseIndicators extends CohortFigures {
  @ApiProperty() course_id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Le quiz de la dernière étape-quiz, ou aucun' }) final_quiz_id!: number | null;
}

export class ComplaintCategoryCount {
  @ApiProperty() category!: string;
  @ApiProperty() count!: number;
}

/** Indicator 31: complaints received in the period, their handling. */
export class ComplaintFigures {
  @ApiProperty() received!: number;
  @ApiProperty() answered!: number;
  @ApiProperty({ description: 'Traitées ou closes' }) treated!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Délai médian de première réponse, en secondes' }) median_handling_seconds!: number | null;
  @ApiProperty({ type: Number, nullable: true }) average_handling_seconds!: number | null;
  @ApiProperty({ type: [ComplaintCategoryCount] }) by_category!: ComplaintCategoryCount[];
}

export class SatisfactionKind {
  @ApiProperty({ enum: ['chaud', 'froid', 'formateur', 'employeur', 'financeur'] }) kind!: string;
  @ApiProperty() sent!: number;
  @ApiProperty() answered!: number;
  @ApiProperty({ type: Number, nullable: true }) response_rate!: number | null;
}

/** Indicator 30: questionnaires sent and answered (anonymous: no learner behind these figures). */
export class SatisfactionFigures {
  @ApiProperty() sent!: number;
  @ApiProperty() answered!: number;
  @ApiProperty({ type: Number, nullable: true }) response_rate!: number | null;
  @ApiProperty({ type: [SatisfactionKind] }) by_kind!: SatisfactionKind[];
}

export class IndicatorsScope {
  @ApiProperty({ description: 'AAAA-MM-JJ' }) from!: string;
  @ApiProperty({ description: 'AAAA-MM-JJ, inclus' }) to!: string;
  @ApiProperty({ type: Number, nullable: true }) course_id!: number | null;
  @ApiProperty({ type: Number, nullable: true }) session_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) session_name!: string | null;
}

export class IndicatorsView {
  @ApiProperty({ type: IndicatorsScope }) scope!: IndicatorsScope;
  @ApiProperty({ type: CohortFigures }) cohort!: CohortFigures;
  @ApiProperty({ type: [CourseIndicators] }) courses!: CourseIndicators[];
  @ApiProperty({ type: ComplaintFigures }) complaints!: ComplaintFigures;
  @ApiProperty({ type: SatisfactionFigures }) satisfaction!: SatisfactionFigures;
  @ApiProperty() public_results!: boolean;
  @ApiProperty({ description: 'Quand ces chiffres ont été lus (les projections ont une seconde de retard au plus)' }) computed_at!: string;
}

/** One learner behind a figure (a learner and a course). */
export class IndicatorLearner {
  @ApiProperty() student_id!: number;
  @ApiProperty() fullname!: string;
  @ApiProperty() email!: string;
  @ApiProperty() closed!: boolean;
  @ApiProperty() course_id!: number;
  @ApiProperty() course_title!: string;
  @ApiProperty() enrolled_at!: string;
  @ApiProperty({ type: String, nullable: true }) left_at!: string | null;
  @ApiProperty({ type: String, nullable: true }) completed_at!: string | null;
  @ApiProperty() steps_opened!: number;
  @ApiProperty() steps!: number;
  @ApiProperty({ description: 'Documents de la formation téléchargés' }) documents_downloaded!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Le quiz de la dernière étape-quiz de la formation ; null : la formation n’a pas d’évaluation finale' }) final_quiz_id!: number | null;
  @ApiProperty({ type: Number, nullable: true }) final_best_percent!: number | null;
  @ApiProperty({ type: Boolean, nullable: true, description: 'null : pas d’évaluation finale passée' }) final_passed!: boolean | null;
  @ApiProperty({ enum: ['completed', 'dropped', 'in_progress'] }) status!: 'completed' | 'dropped' | 'in_progress';
  @ApiProperty({ description: 'Relances reçues pour cette formation' }) reminders!: number;
  @ApiProperty({ type: String, nullable: true }) last_reminded_at!: string | null;
}

export class PublicCourseResult {
  @ApiProperty() course_id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() learners!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'null sous 5 apprenants (effectif trop faible pour un taux)' }) completion_rate!: number | null;
  @ApiProperty({ type: Number, nullable: true }) success_rate!: number | null;
}

/** What the public page shows of all the published courses together: three figures, no more. */
export class PublicOverall {
  @ApiProperty() learners!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'null sous 5 apprenants' }) completion_rate!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null sous 5 évaluations finales passées' }) success_rate!: number | null;
}

export class PublicResultsView {
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ description: 'AAAA-MM-JJ' }) from!: string;
  @ApiProperty({ description: 'AAAA-MM-JJ' }) to!: string;
  @ApiProperty({ type: PublicOverall, nullable: true, description: 'null quand aucune formation publiée n’a d’apprenant' }) overall!: PublicOverall | null;
  @ApiProperty({ type: [PublicCourseResult] }) courses!: PublicCourseResult[];
  @ApiProperty({ type: String, nullable: true }) updated_at!: string | null;
}
