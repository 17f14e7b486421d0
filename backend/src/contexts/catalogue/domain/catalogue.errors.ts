import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../../../shared-kernel/index.js';

export class CourseNotFoundError extends NotFoundError {
  constructor() {
    super('Cours introuvable.');
  }
}
export class CategoryNotFoundError extends NotFoundError {
  constructor() {
    super('Catégorie introuvable.', 'category');
  }
}
export class PageNotFoundError extends NotFoundError {
  constructor() {
    super('Page introuvable.');
  }
}
export class ChapterNotFoundError extends NotFoundError {
  constructor() {
    super('Chapitre introuvable.', 'chapter');
  }
}
export class InvalidCourseError extends InvalidInputError {}
export class SubchapterNotFoundError extends NotFoundError {
  constructor() {
    super('Sous-chapitre introuvable.', 'subchapter');
  }
}
export class StudyMaterialNotFoundError extends NotFoundError {
  constructor() {
    super('Document introuvable.');
  }
}
export class CourseHasTrainerError extends ConflictError {
  constructor() {
    super('Ce cours a déjà un formateur : choisissez un cours non assigné.', 'course_id');
  }
}

/** What « Publier » finds missing (docs/adr/0030): the course stays a draft. */
export class CourseNotReadyError extends ConflictError {
  constructor(message: string) {
    super(message);
  }
}

/** Only a trainer the centre accepted publishes, and only courses of such a trainer are published (docs/adr/0030). */
export class TrainerNotAcceptedError extends ForbiddenError {
  constructor(case_: 'own' | 'publish' | 'assign') {
    super(
      {
        own: 'Compte en attente de validation : le centre doit accepter votre compte formateur avant que vous puissiez publier.',
        publish: "Le formateur de ce cours n'a pas encore été accepté par le centre : le cours ne peut pas être publié.",
        assign: "Ce formateur n'a pas encore été accepté par le centre : un cours publié ne peut pas lui être confié.",
      }[case_],
    );
  }
}
