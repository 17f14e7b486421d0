import { normaliseEmail } from '../domain/account.aggregate.js';
import { IDENTITY_MESSAGES, InvalidRecordError } from '../domain/identity.errors.js';

interface LoginFields {
  email: string;
  nomUtilisateurLms?: string;
  motDePasseLms?: string;
  user?: { username?: string; email?: string; password?: string };
}

/**
 * The creation form's two ways of naming the login (docs/adr/0015): `nom_utilisateur_lms` is the
 * account's username and `mot_de_passe_lms` its password; the nested `user` may repeat them, never
 * contradict them.
 */
export function resolveStudentLogin(fields: LoginFields): { username: string; password: string } {
  const { user } = fields;
  const username = fields.nomUtilisateurLms ?? user?.username;
  if (!username) throw new InvalidRecordError(IDENTITY_MESSAGES.usernameMissing, 'nom_utilisateur_lms');
  if (user?.username && user.username.toLowerCase() !== username.toLowerCase()) throw new InvalidRecordError(IDENTITY_MESSAGES.usernameMismatch, 'user.username');
  if (user?.email && normaliseEmail(user.email) !== normaliseEmail(fields.email)) throw new InvalidRecordError(IDENTITY_MESSAGES.emailMismatch, 'user.email');
  const password = fields.motDePasseLms ?? user?.password;
  if (password === undefined) throw new InvalidRecordError(IDENTITY_MESSAGES.passwordMissing, 'mot_de_passe_lms');
  if (user?.password !== undefined && fields.motDePasseLms !== undefined && user.password !== fields.motDePasseLms) {
    throw new InvalidRecordError(IDENTITY_MESSAGES.passwordMismatch, 'user.password');
  }
  return { username, password };
}
