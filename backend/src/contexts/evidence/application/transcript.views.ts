import { ApiProperty } from '@nestjs/swagger';

/* The transcript (relevé de formation) as the API answers it (issue 26 item 5, ADR 0034). */

export class TranscriptStudentView {
  @ApiProperty() id!: number;
  @ApiProperty() fullname!: string;
  @ApiProperty({ description: 'Le compte est clôturé (son historique est gardé) : « Compte clôturé »' }) closed!: boolean;
  @ApiProperty({ type: String, nullable: true }) closed_at!: string | null;
}

export class TranscriptPersonView {
  @ApiProperty() id!: number;
  @ApiProperty() full_name!: string;
}

export class TranscriptCourseView {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() archived!: boolean;
  @ApiProperty({ type: TranscriptPersonView, nullable: true }) trainer!: TranscriptPersonView | null;
}

export class TranscriptSummaryView {
  @ApiProperty({ type: String, nullable: true, description: 'Inscription en cours (null : plus inscrit, l’historique reste)' }) enrolled_at!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Premier accès (horloge du serveur)' }) first_access!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Dernier accès (horloge du serveur)' }) last_access!: string | null;
  @ApiProperty({ type: String, nullable: true }) completed_at!: string | null;
  @ApiProperty({ description: 'Temps connecté total, en secondes' }) connected_seconds!: number;
  @ApiProperty({ description: 'Temps actif total, en secondes' }) active_seconds!: number;
  @ApiProperty() steps_total!: number;
  @ApiProperty() steps_validated!: number;
}

export class TranscriptMethodView {
  @ApiProperty({ description: 'La méthode de mesure du temps (learning-progress)', example: 'v1' }) version!: string;
  @ApiProperty() description!: string;
}

export class TranscriptSessionView {
  @ApiProperty() session_id!: string;
  @ApiProperty() started_at!: string;
  @ApiProperty() ended_at!: string;
  @ApiProperty({ description: 'Signaux de présence reçus' }) beats!: number;
  @ApiProperty() connected_seconds!: number;
  @ApiProperty() active_seconds!: number;
}

export class TranscriptDayView {
  @ApiProperty({ description: 'Le jour (Europe/Paris), AAAA-MM-JJ' }) day!: string;
  @ApiProperty() connected_seconds!: number;
  @ApiProperty() active_seconds!: number;
  @ApiProperty({ type: [TranscriptSessionView] }) sessions!: TranscriptSessionView[];
}

export class TranscriptStepView {
  @ApiProperty({ enum: ['chapter', 'subchapter'] }) kind!: 'chapter' | 'subchapter';
  @ApiProperty() step_id!: number;
  @ApiProperty({ type: String, nullable: true, description: 'null : étape retirée du cours depuis' }) title!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Le chapitre parent d’un sous-chapitre' }) chapter_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) content_type!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Durée moyenne déclarée par le formateur, en minutes (D.6313-3-1 2°)' }) declared_minutes!: number | null;
  @ApiProperty({ type: String, nullable: true }) opened_at!: string | null;
  @ApiProperty({ type: String, nullable: true }) validated_at!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'La règle qui a validé l’étape' }) rule!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'Les chiffres de la validation' }) figures!: Record<string, unknown> | null;
  @ApiProperty() connected_seconds!: number;
  @ApiProperty() active_seconds!: number;
  @ApiProperty() sessions!: number;
}

export class TranscriptAnswerView {
  @ApiProperty() question_id!: number;
  @ApiProperty() question!: string;
  @ApiProperty() chosen!: string;
  @ApiProperty() correct!: boolean;
  @ApiProperty() answered_at!: string;
}

export class TranscriptQuizAttemptView {
  @ApiProperty() quiz_id!: number;
  @ApiProperty() quiz_title!: string;
  @ApiProperty() attempt!: number;
  @ApiProperty() started_at!: string;
  @ApiProperty({ type: String, nullable: true }) completed_at!: string | null;
  @ApiProperty() answered!: number;
  @ApiProperty() correct!: number;
  @ApiProperty() total!: number;
  @ApiProperty({ type: Boolean, nullable: true, description: 'Réussie au seuil en vigueur à sa clôture (null : en cours)' }) passed!: boolean | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Le seuil de réussite en vigueur à sa clôture, en % (null : sans seuil)' }) pass_mark!: number | null;
  @ApiProperty({ type: String, nullable: true, enum: ['answers', 'time-limit'] }) closed_by!: 'answers' | 'time-limit' | null;
  @ApiProperty({ type: String, nullable: true, description: 'Quiz validé à la main par le formateur après cette tentative' }) validated_by_trainer_at!: string | null;
  @ApiProperty({ type: [TranscriptAnswerView] }) answers!: TranscriptAnswerView[];
}

export class TranscriptInteractionView {
  @ApiProperty() id!: string;
  @ApiProperty({ type: String, nullable: true }) type!: string | null;
  @ApiProperty({ type: String, nullable: true }) learner_response!: string | null;
  @ApiProperty({ type: String, nullable: true }) result!: string | null;
  @ApiProperty({ type: String, nullable: true }) latency!: string | null;
  @ApiProperty({ type: String, nullable: true }) timestamp!: string | null;
}

export class TranscriptScoView {
  @ApiProperty() chapter_id!: number;
  @ApiProperty({ type: String, nullable: true }) chapter_title!: string | null;
  @ApiProperty() sco!: string;
  @ApiProperty({ description: 'La tentative du module entier' }) attempt!: number;
  @ApiProperty() first_at!: string;
  @ApiProperty() last_at!: string;
  @ApiProperty() commits!: number;
  @ApiProperty({ type: String, nullable: true }) completion_status!: string | null;
  @ApiProperty({ type: String, nullable: true }) success_status!: string | null;
  @ApiProperty({ type: String, nullable: true }) score_raw!: string | null;
  @ApiProperty({ type: String, nullable: true }) score_min!: string | null;
  @ApiProperty({ type: String, nullable: true }) score_max!: string | null;
  @ApiProperty({ type: String, nullable: true }) score_scaled!: string | null;
  @ApiProperty() total_seconds!: number;
  @ApiProperty({ type: [TranscriptInteractionView] }) interactions!: TranscriptInteractionView[];
}

export class TranscriptHomeworkView {
  @ApiProperty() id!: number;
  @ApiProperty({ type: TranscriptPersonView }) trainer!: TranscriptPersonView;
  @ApiProperty() title!: string;
  @ApiProperty() detail!: string;
  @ApiProperty() given_at!: string;
  @ApiProperty({ type: String, nullable: true }) completed_at!: string | null;
  @ApiProperty() done!: boolean;
  // Travaux réalisés (issue 28 item 3, docs/adr/0044): tutoring's contribution.
  @ApiProperty({ type: String, nullable: true, description: 'Date limite' }) due_at!: string | null;
  @ApiProperty({ type: () => [TranscriptSubmissionView], description: 'Chaque rendu (vide : terminé « sans rendu » ou pas encore fait)' }) submissions!: TranscriptSubmissionView[];
  @ApiProperty({ type: Number, nullable: true, description: 'Note sur out_of' }) grade!: number | null;
  @ApiProperty() out_of!: number;
  @ApiProperty({ type: String, nullable: true }) feedback!: string | null;
  @ApiProperty({ type: String, nullable: true }) graded_at!: string | null;
}

export class TranscriptSubmissionFileView {
  @ApiProperty() file_name!: string;
  @ApiProperty() size!: number;
  @ApiProperty({ description: 'SHA-256 du fichier (celui de son événement AssignmentSubmitted)' }) sha256!: string;
}

export class TranscriptSubmissionView {
  @ApiProperty() number!: number;
  @ApiProperty() submitted_at!: string;
  @ApiProperty({ description: 'Rendu après la date limite (horloge du serveur)' }) late!: boolean;
  @ApiProperty({ description: 'SHA-256 de la réponse écrite' }) sha256!: string;
  @ApiProperty({ type: [TranscriptSubmissionFileView] }) files!: TranscriptSubmissionFileView[];
}

export class TranscriptMessageView {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: ['student', 'teacher'] }) sender!: 'student' | 'teacher';
  @ApiProperty({ type: TranscriptPersonView, description: 'Le formateur de la conversation' }) trainer!: TranscriptPersonView;
  @ApiProperty() sent_at!: string;
  @ApiProperty() group!: boolean;
  @ApiProperty() body!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Délai de réponse du formateur, en secondes' }) response_seconds!: number | null;
}

export class TranscriptSupportAnswerView {
  @ApiProperty({ enum: ['admin', 'teacher'] }) author_role!: 'admin' | 'teacher';
  @ApiProperty({ type: TranscriptPersonView, nullable: true, description: 'Le formateur qui a répondu ; null pour un administrateur' }) trainer!: TranscriptPersonView | null;
  @ApiProperty() answered_at!: string;
  @ApiProperty() body!: string;
}

/** A technical-support request of the learner (docs/adr/0037). */
export class TranscriptSupportRequestView {
  @ApiProperty() id!: number;
  @ApiProperty({ description: 'false : ouverte sans formation précisée' }) course_specified!: boolean;
  @ApiProperty({ enum: ['connexion', 'video', 'scorm', 'quiz', 'autre'] }) category!: 'connexion' | 'video' | 'scorm' | 'quiz' | 'autre';
  @ApiProperty({ type: String, nullable: true, enum: ['chapter', 'subchapter'] }) step_kind!: 'chapter' | 'subchapter' | null;
  @ApiProperty({ type: Number, nullable: true }) step_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) step_title!: string | null;
  @ApiProperty() opened_at!: string;
  @ApiProperty() body!: string;
  @ApiProperty({ enum: ['ouverte', 'repondue', 'resolue'] }) status!: 'ouverte' | 'repondue' | 'resolue';
  @ApiProperty({ type: String, nullable: true }) first_answered_at!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['admin', 'teacher'] }) first_answer_role!: 'admin' | 'teacher' | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Délai de la première réponse, en secondes (horloge du serveur)' }) response_seconds!: number | null;
  @ApiProperty({ type: String, nullable: true }) resolved_at!: string | null;
  @ApiProperty({ type: [TranscriptSupportAnswerView] }) answers!: TranscriptSupportAnswerView[];
}

export class TranscriptSupportView {
  @ApiProperty({ description: 'La plateforme enregistre-t-elle les demandes d’assistance technique ? (oui depuis ADR 0037)' }) recorded!: boolean;
  @ApiProperty() note!: string;
  @ApiProperty({ type: [TranscriptSupportRequestView] }) requests!: TranscriptSupportRequestView[];
}

export class TranscriptView {
  @ApiProperty({ type: TranscriptStudentView }) student!: TranscriptStudentView;
  @ApiProperty({ type: TranscriptCourseView }) course!: TranscriptCourseView;
  @ApiProperty({ description: 'Composé à cet instant (horloge du serveur)' }) generated_at!: string;
  @ApiProperty({ type: TranscriptMethodView }) method!: TranscriptMethodView;
  @ApiProperty({ type: TranscriptSummaryView }) summary!: TranscriptSummaryView;
  @ApiProperty({ type: [TranscriptDayView] }) connections!: TranscriptDayView[];
  @ApiProperty({ type: [TranscriptStepView] }) steps!: TranscriptStepView[];
  @ApiProperty({ type: [TranscriptQuizAttemptView] }) quiz_attempts!: TranscriptQuizAttemptView[];
  @ApiProperty({ type: [TranscriptScoView] }) scorm!: TranscriptScoView[];
  @ApiProperty({ type: [TranscriptHomeworkView] }) homework!: TranscriptHomeworkView[];
  @ApiProperty({ type: [TranscriptMessageView] }) messages!: TranscriptMessageView[];
  @ApiProperty({ type: TranscriptSupportView }) support!: TranscriptSupportView;
}
