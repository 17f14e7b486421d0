import type { CommandBus } from '@nestjs/cqrs';
import { ActivateAuditor, InviteAuditor } from '../contexts/identity/testing.js';
import type { Database } from '../platform/database/database.js';
import type { Actor } from '../shared-kernel/index.js';

/** The demo auditors' sign-ins (also in the README), on /auditeur/connexion. */
export const DEMO_AUDITORS = {
  active: { email: 'auditrice.qualiopi@demo.lms-formation.fr', password: 'Auditrice2026!', fullName: 'Nathalie Girard', organisation: 'Bureau Veritas — audit Qualiopi' },
  expired: { email: 'controleur.opco@demo.lms-formation.fr', password: 'Controleur2026!', fullName: 'Bruno Lemaire', organisation: 'OPCO Atlas — contrôle de service fait' },
};

/** `AAAA-MM-JJ` of the centre's day (Europe/Paris), `days` from now. */
function parisDayFromNow(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
}

/**
 * Two auditors (docs/adr/0039), invited by the admin and activated through their invitation link,
 * as in real use:
 * - a Qualiopi auditor whose mission runs for 60 days more, on the agile project course (Léa's
 *   certificate and attestation are in scope);
 * - an OPCO controller whose mission is over: invited on the seeding day, then its end date set a
 *   month back in the row (a demo's past cannot be written through the commands, which refuse a past
 *   end date): sign-in answers « Votre accès d'auditeur a expiré le … ». Its AuditorInvited event
 *   keeps the seeding day's date.
 */
export async function seedDemoAuditors(commands: CommandBus, db: Database, asAdmin: Actor, courses: { agile: number }): Promise<void> {
  const invite = async (who: (typeof DEMO_AUDITORS)[keyof typeof DEMO_AUDITORS], endsOn: string, scope: { allCourses: boolean; courseIds: number[] }) => {
    const sent = await commands.execute(new InviteAuditor(asAdmin, { fullName: who.fullName, email: who.email, organisation: who.organisation, endsOn, scope }));
    const secret = new URL(sent.link).hash.replace(/^#jeton=/, '');
    await commands.execute(new ActivateAuditor(secret, who.password));
    return sent.auditorId;
  };
  await invite(DEMO_AUDITORS.active, parisDayFromNow(60), { allCourses: false, courseIds: [courses.agile] });
  const expired = await invite(DEMO_AUDITORS.expired, parisDayFromNow(0), { allCourses: true, courseIds: [] });
  await db.query(`update identity.auditor set ends_on = ends_on - 30 where id = $1`, [expired]);
}
