import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../../../shared-kernel/index.js';

export class AlreadyEnrolledError extends ConflictError {
  constructor() {
    super('Vous êtes déjà inscrit à ce cours.', 'course');
  }
}
export class NotEnrolledError extends ForbiddenError {
  constructor() {
    super('Seuls les étudiants inscrits peuvent noter ce cours.');
  }
}
export class AlreadyRatedError extends ConflictError {
  constructor() {
    super('Vous avez déjà noté ce cours.', 'rating');
  }
}
export class InvalidRatingError extends InvalidInputError {
  constructor() {
    super('La note doit être un nombre entier de 1 à 5 étoiles.', 'rating');
  }
}
export class ReviewTooLongError extends InvalidInputError {
  constructor() {
    super('Le commentaire ne doit pas dépasser 2000 caractères.', 'reviews');
  }
}
export class NotEnrolledInCourseError extends NotFoundError {
  constructor() {
    super("Cet étudiant n'est pas inscrit à ce cours.");
  }
}
/** A funding value breaks a rule of ADR 0032: the French message, and the field as the API names it. */
export class InvalidFundingError extends InvalidInputError {}
export class FundingStudentNotFoundError extends NotFoundError {
  constructor() {
    super('Étudiant non trouvé.');
  }
}
export class SessionLearnerNotEnrolledError extends InvalidInputError {
  constructor() {
    super('Inscrivez d’abord cet apprenant au cours de la session.', 'student');
  }
}
export class SessionTrainerNotAcceptedError extends InvalidInputError {
  constructor() {
    super('Seul un formateur accepté par le centre peut encadrer une session.', 'teacher');
  }
}
export class NotASessionMemberError extends NotFoundError {
  constructor(role: 'learner' | 'trainer') {
    super(role === 'learner' ? 'Cet apprenant ne fait pas partie de la session.' : 'Ce formateur n’encadre pas cette session.');
  }
}
export class SessionNotFoundError extends NotFoundError {
  constructor() {
    super('Session de formation introuvable.');
  }
}
export class LearnerInAnotherSessionError extends ConflictError {
  constructor() {
    super('Cet apprenant fait déjà partie d’une autre session de ce cours : retirez-le d’abord de celle-ci.', 'student');
  }
}
/** A declaration on EDOF that cannot be recorded: the French reason. */
export class EdofDeclarationError extends InvalidInputError {}
