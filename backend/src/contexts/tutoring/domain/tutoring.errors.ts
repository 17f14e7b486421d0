import { ConflictError, ForbiddenError, NotFoundError } from '../../../shared-kernel/index.js';

export const NO_TUTORSHIP = 'Aucune assignation trouvée';

export class TutorshipNotFoundError extends NotFoundError {
  constructor() {
    super(NO_TUTORSHIP, 'student');
  }
}
export class HomeworkNotFoundError extends NotFoundError {
  constructor() {
    super('Devoir introuvable.', 'assignment');
  }
}
/** A student and a trainer exchange only while the trainer follows the student. */
export class NotFollowedError extends ForbiddenError {
  constructor() {
    super("Ce formateur ne suit pas cet étudiant : aucun échange n'est possible entre eux.");
  }
}

/** A write to a closed account (a message, homework, a follow-up): it receives nothing any more (ADR 0015, issue 22). */
export class ClosedAccountError extends ConflictError {}
