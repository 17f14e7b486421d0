import type { BellRole, NotificationItem } from './notifications-types';

/** The bell's texts (French). Adding a kind: one sentence in `sentence` and one screen in `target`. */
export const messages = {
  bell: (unread: number) => (unread === 0 ? 'Notifications, aucune non lue' : `Notifications, ${unread >= 100 ? 'plus de 99' : unread} non lue${unread > 1 ? 's' : ''}`),
  title: 'Notifications',
  empty: 'Aucune notification pour le moment.',
  loading: 'Chargement des notifications…',
  error: 'Impossible de charger les notifications.',
  unread: 'Non lue',
};

const quoted = (title: string | null | undefined) => (title ? ` « ${title} »` : '');

/** The sentence of a notification, from its kind, ids and the names the server resolved. */
export function sentence(item: NotificationItem, role: BellRole): string {
  const student = item.student_name ?? 'Un étudiant';
  const teacher = item.teacher_name ?? (role === 'admin' ? 'Un formateur' : 'Votre formateur');
  switch (item.kind) {
    case 'message':
      return role === 'student' ? `${teacher} vous a envoyé un message.` : `${student} vous a envoyé un message.`;
    case 'homework_given':
      return `${teacher} vous a donné un nouveau devoir.`;
    case 'homework_completed':
      return `${student} a rendu ou terminé un devoir.`;
    case 'homework_submitted':
      return `${student} a rendu une nouvelle version d’un devoir.`;
    case 'homework_graded':
      return `${teacher} a noté votre devoir.`;
    case 'quiz_attempt_granted':
      return `${teacher} vous accorde une tentative de plus à un quiz.`;
    case 'quiz_validated':
      return `Votre formateur a validé un quiz${item.course_title ? ` de la formation${quoted(item.course_title)}` : ''}.`;
    case 'support_opened':
      return `${student} demande une assistance technique${item.course_title ? ` pour la formation${quoted(item.course_title)}` : ''}.`;
    case 'support_answered':
      return `Votre demande d’assistance technique${item.course_title ? ` sur la formation${quoted(item.course_title)}` : ''} a reçu une réponse.`;
    case 'trainer_registered':
      return `${teacher} demande à rejoindre le centre comme formateur : sa demande attend votre décision.`;
    case 'quiz_completed':
      return `${student} a terminé un quiz de la formation${quoted(item.course_title)}${item.score !== null && item.total !== null ? ` : ${item.score}/${item.total}` : ''}.`;
    default:
      return 'Nouvelle notification.';
  }
}

/** The screen a notification opens (the spec's routes, /work/shared/spec/inventory.md). */
export function target(item: NotificationItem, role: BellRole): string {
  switch (item.kind) {
    case 'message':
      return role === 'student' ? '/my-teachers' : '/my-users';
    case 'homework_given':
      return '/my-assignments/';
    case 'homework_completed':
    case 'homework_submitted':
      return `/show-assignment/${item.student_id}/${item.teacher_id}`;
    case 'homework_graded':
      return '/my-assignments/';
    case 'quiz_attempt_granted':
    case 'quiz_validated':
      return `/take-quiz/${item.subject_id}`;
    case 'support_opened':
      return role === 'admin' ? '/admin-assistance' : '/teacher-assistance';
    case 'support_answered':
      return '/assistance';
    case 'trainer_registered':
      return '/admin-teachers';
    case 'quiz_completed':
      return `/attempted-students/${item.subject_id}`;
    default:
      return role === 'student' ? '/user-dashboard' : role === 'teacher' ? '/teacher-dashboard' : '/admin-dashboard';
  }
}

const time = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
export const when = (iso: string) => time.format(new Date(iso));
