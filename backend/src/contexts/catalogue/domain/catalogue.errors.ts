import { ConflictError, InvalidInputError, NotFoundError } from '../../../shared-kernel/index.js';

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
