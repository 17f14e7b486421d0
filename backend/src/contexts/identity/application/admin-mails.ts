import type { MailMessage } from '../../../platform/mail/mail.service.js';

/** What the answer says when an e-mail could not be sent (the change itself is kept). */
export const EMAIL_ERROR = "L'e-mail n'a pas pu être envoyé : vérifiez l'adresse ou la configuration du serveur de messagerie.";

export function welcomeMail(to: string, prenom: string, username: string, password: string): MailMessage {
  return {
    to,
    subject: 'Bienvenue sur la plateforme de formation',
    text:
      `Bonjour ${prenom},\n\nVotre compte étudiant a été créé par votre centre de formation.\n\n` +
      `Nom d'utilisateur : ${username}\nAdresse e-mail de connexion : ${to}\nMot de passe : ${password}\n\n` +
      'Connectez-vous avec votre adresse e-mail et ce mot de passe, puis changez-le depuis « Changer le mot de passe ».\n\n' +
      "L'équipe pédagogique",
  };
}

export function newPasswordMail(to: string, password: string): MailMessage {
  return {
    to,
    subject: 'Votre nouveau mot de passe',
    text:
      `Bonjour,\n\nL'administration du centre a changé le mot de passe de votre compte et fermé toutes vos sessions.\n\n` +
      `Nouveau mot de passe : ${password}\n\nChangez-le dès votre prochaine connexion.\n\nL'équipe pédagogique`,
  };
}

export function trainerAcceptedMail(to: string, name: string): MailMessage {
  return {
    to,
    subject: 'Votre compte formateur a été accepté',
    text:
      `Bonjour ${name},\n\nLe centre de formation a accepté votre compte formateur.\n\n` +
      'Vous pouvez désormais publier vos cours : ils apparaîtront au catalogue et les étudiants pourront s’y inscrire.\n\n' +
      "L'équipe pédagogique",
  };
}

export function trainerRefusedMail(to: string, name: string, reason: string): MailMessage {
  return {
    to,
    subject: 'Votre demande de compte formateur a été refusée',
    text:
      `Bonjour ${name},\n\nLe centre de formation a refusé votre demande de compte formateur.\n\n` +
      `Raison : ${reason}\n\nPour toute question, contactez l'administration du centre.\n\nL'équipe pédagogique`,
  };
}
