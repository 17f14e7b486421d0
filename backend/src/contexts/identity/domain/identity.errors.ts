import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError, TooManyRequestsError, UnauthenticatedError } from '../../../shared-kernel/index.js';

export const IDENTITY_MESSAGES = {
  invalidCredentials: 'Identifiants incorrects.',
  accountSuspended: "Vous avez ete deconnecte, Votre compte a ete desactive. Contactez l'administration.",
  passwordTooShort: 'Le mot de passe doit contenir au moins 12 caractères.',
  passwordEmpty: 'Le mot de passe ne peut pas être vide.',
  emailTaken: 'Cette adresse e-mail est déjà utilisée par un autre compte.',
  usernameTaken: "Ce nom d'utilisateur est déjà pris.",
  tooManyAttempts: 'Trop de tentatives de connexion. Réessayez dans quelques minutes.',
  sessionExpired: 'Session expirée ou invalide. Veuillez vous reconnecter.',
  refreshReused: 'Ce jeton de rafraîchissement a déjà été utilisé : la session a été fermée par sécurité. Veuillez vous reconnecter.',
  studentNotFound: 'Étudiant non trouvé.',
  teacherNotFound: 'Formateur non trouvé.',
  userNotFound: 'Utilisateur introuvable.',
  accountClosed: 'Ce compte est fermé : il ne peut plus être modifié ni réactivé.',
  dossierTaken: 'Ce numéro de dossier est déjà utilisé par un autre étudiant.',
  periodReversed: "La date de sortie ne peut pas précéder la date d'entrée.",
  usernameLocked: "Le nom d'utilisateur ne peut pas être modifié.",
  usernameMismatch: "Le nom d'utilisateur du compte doit être le nom d'utilisateur LMS.",
  emailMismatch: "L'adresse e-mail du compte doit être celle de l'étudiant.",
  passwordMismatch: 'Le mot de passe du compte et le mot de passe LMS doivent être identiques.',
  usernameMissing: "Le nom d'utilisateur LMS est obligatoire.",
  passwordMissing: 'Le mot de passe LMS est obligatoire.',
  trainerInactive: "Ce formateur n'est pas actif : choisissez un formateur actif.",
} as const;

export class InvalidCredentialsError extends UnauthenticatedError {
  constructor() {
    super(IDENTITY_MESSAGES.invalidCredentials);
  }
}
export class AccountSuspendedError extends UnauthenticatedError {
  constructor() {
    super(IDENTITY_MESSAGES.accountSuspended);
  }
}
export class WeakPasswordError extends InvalidInputError {
  constructor(message: string = IDENTITY_MESSAGES.passwordTooShort) {
    super(message, 'password');
  }
}
export class EmailTakenError extends ConflictError {
  constructor() {
    super(IDENTITY_MESSAGES.emailTaken, 'email');
  }
}
export class UsernameTakenError extends ConflictError {
  constructor() {
    super(IDENTITY_MESSAGES.usernameTaken, 'username');
  }
}
export class TooManyLoginAttemptsError extends TooManyRequestsError {
  constructor() {
    super(IDENTITY_MESSAGES.tooManyAttempts);
  }
}
export class InvalidSessionError extends UnauthenticatedError {
  constructor(message: string = IDENTITY_MESSAGES.sessionExpired) {
    super(message);
  }
}
export class StudentNotFoundError extends NotFoundError {
  constructor() {
    super(IDENTITY_MESSAGES.studentNotFound);
  }
}
export class TeacherNotFoundError extends NotFoundError {
  constructor() {
    super(IDENTITY_MESSAGES.teacherNotFound);
  }
}
export class UserNotFoundError extends NotFoundError {
  constructor() {
    super(IDENTITY_MESSAGES.userNotFound);
  }
}
export class AccountClosedError extends ConflictError {
  constructor() {
    super(IDENTITY_MESSAGES.accountClosed);
  }
}
export class DossierTakenError extends ConflictError {
  constructor() {
    super(IDENTITY_MESSAGES.dossierTaken, 'numero_dossier');
  }
}
/** A rule of the administrative record broken (400 naming the field). */
export class InvalidRecordError extends InvalidInputError {
  constructor(message: string, field: string) {
    super(message, field);
  }
}

/** A refused trainer's sign-in (docs/adr/0030): the admin's reason, in the login's answer. */
export class TrainerRefusedError extends UnauthenticatedError {
  constructor(reason: string | null) {
    super(`Votre demande de compte formateur a été refusée par le centre${reason ? ` : ${reason}` : '.'}`);
  }
}

/** An admin's decision on a trainer who is no longer waiting for one. */
export class TrainerDecisionTakenError extends ConflictError {
  constructor(approval: 'accepted' | 'refused' | 'pending') {
    super(approval === 'accepted' ? 'Ce formateur a déjà été accepté.' : 'Ce formateur a déjà été refusé.');
  }
}

/** What a trainer waiting for the centre's decision may not do yet. */
export class TrainerNotAcceptedError extends ForbiddenError {
  constructor(message = 'Compte en attente de validation : le centre doit accepter votre compte formateur avant que vous puissiez publier.') {
    super(message);
  }
}
