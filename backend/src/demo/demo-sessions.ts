import type { CommandBus } from '@nestjs/cqrs';
import { AddSessionMember, RemoveSessionMember, ScheduleSession, SetSessionLearnerReason } from '../contexts/enrolment/testing.js';
import type { Actor } from '../shared-kernel/index.js';

/**
 * The demo's training sessions (issue 29 item 2, docs/adr/0050): the September intake of the Word
 * and Excel templates course, where Léa is funded by her CPF (her entry and exit on EDOF were never
 * noted as declared: both show « En retard », what the admin must chase) and Inès by France
 * Travail; and the autumn pivot tables group, Inès paying herself, and Nadia, who stopped after
 * two steps and left the group: the admin noted « Abandon » for EDOF's service fait. Claire leads both.
 */
export async function seedDemoSessions(
  commands: CommandBus,
  asAdmin: Actor,
  people: { lea: number; ines: number; nadia: number; claire: number },
  courses: { templates: number; pivotTables: number },
): Promise<void> {
  const sessions = [
    { course: courses.templates, name: 'Rentrée de septembre 2026 — groupe du mardi', startDate: '2026-09-07', endDate: '2026-10-30', learners: [people.lea, people.ines] },
    { course: courses.pivotTables, name: 'Automne 2026 — à distance', startDate: '2026-10-01', endDate: '2027-01-29', learners: [people.ines, people.nadia] },
  ];
  for (const session of sessions) {
    const { sessionId } = await commands.execute(new ScheduleSession(asAdmin, session.course, { name: session.name, startDate: session.startDate, endDate: session.endDate }));
    await commands.execute(new AddSessionMember(asAdmin, sessionId, 'trainer', people.claire));
    for (const learner of session.learners) await commands.execute(new AddSessionMember(asAdmin, sessionId, 'learner', learner));
    if (session.learners.includes(people.nadia)) {
      await commands.execute(new RemoveSessionMember(asAdmin, sessionId, 'learner', people.nadia));
      await commands.execute(new SetSessionLearnerReason(asAdmin, sessionId, people.nadia, 'abandon'));
    }
  }
}
