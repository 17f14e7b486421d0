import { ApiProperty } from '@nestjs/swagger';

export class QuizView {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() detail!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Identifiant du formateur (null : non assigné)' }) teacher!: number | null;
  @ApiProperty({ type: String, nullable: true }) teacher_name!: string | null;
  @ApiProperty() total_questions!: number;
  @ApiProperty() created_at!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Seuil de réussite en % (null : aucun)' }) pass_mark!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Tentatives autorisées (null : illimité)' }) max_attempts!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Durée limite en minutes (null : sans limite)' }) time_limit!: number | null;
  @ApiProperty({ description: 'Questions et réponses mélangées à chaque tentative' }) shuffle!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Tirage depuis la banque : la catégorie (null : les questions du quiz)' }) draw_category!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Tirage depuis la banque : questions tirées par tentative' }) draw_count!: number | null;
}

/** A question as its authors see it, with its right answer. */
export class QuestionView {
  @ApiProperty() id!: number;
  @ApiProperty() quiz!: number;
  @ApiProperty() order!: number;
  @ApiProperty() questions!: string;
  @ApiProperty() ans1!: string;
  @ApiProperty() ans2!: string;
  @ApiProperty() ans3!: string;
  @ApiProperty() ans4!: string;
  @ApiProperty() right_ans!: string;
  @ApiProperty({ description: 'Explication montrée après la tentative (vide : aucune)' }) explanation!: string;
  @ApiProperty({ enum: ['single', 'multiple', 'true-false'], description: 'Une bonne réponse, plusieurs, ou vrai/faux' }) kind!: string;
  @ApiProperty({ type: [Number], description: 'Les numéros (1 à 4) des bonnes réponses' }) right_answers!: number[];
}

/** An option as a student sees it: its number in the question (what an answer sends) and its text. */
export class OptionView {
  @ApiProperty() id!: number;
  @ApiProperty() text!: string;
}

/** A question as a student receives it: never its right answer, nor anything it could be read from. */
export class StudentQuestion {
  @ApiProperty() id!: number;
  @ApiProperty() quiz!: number;
  @ApiProperty() questions!: string;
  @ApiProperty() ans1!: string;
  @ApiProperty() ans2!: string;
  @ApiProperty() ans3!: string;
  @ApiProperty() ans4!: string;
  @ApiProperty({ description: 'Rang de la question (à partir de 1)' }) number!: number;
  @ApiProperty({ description: 'Nombre de questions du quiz' }) total!: number;
  @ApiProperty({ enum: ['single', 'multiple', 'true-false'], description: 'Une bonne réponse (boutons radio), plusieurs (cases à cocher), vrai/faux' }) kind!: string;
  @ApiProperty({ type: [OptionView], description: 'Les réponses dans l’ordre où les montrer (mélangées par le serveur si le quiz le demande)' }) options!: OptionView[];
}

export class AssignedQuiz {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() total_questions!: number;
}

export class QuizResult {
  @ApiProperty() total_questions!: number;
  @ApiProperty() total_attempted_questions!: number;
  @ApiProperty() total_correct_questions!: number;
}

class AttemptStudent {
  @ApiProperty() id!: number;
  @ApiProperty() fullname!: string;
  @ApiProperty() email!: string;
  @ApiProperty() username!: string;
}

class QuizRef {
  @ApiProperty() id!: number;
}

/** One attempt of one student, for the quiz's trainer and admins. */
export class QuizAttemptView extends QuizResult {
  @ApiProperty() id!: number;
  @ApiProperty({ type: AttemptStudent }) student!: AttemptStudent;
  @ApiProperty({ type: QuizRef }) quiz!: QuizRef;
  @ApiProperty() attempt!: number;
  @ApiProperty() started_at!: string;
  @ApiProperty({ type: String, nullable: true }) completed_at!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Secondes entre la première et la dernière réponse' }) duration_seconds!: number | null;
}

/** A quiz of the student's courses, with where they are in it (GET /student-test/). */
export class StudentTest extends QuizResult {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ enum: ['not_started', 'in_progress', 'completed'] }) status!: 'not_started' | 'in_progress' | 'completed';
  @ApiProperty() attempt!: number;
}
