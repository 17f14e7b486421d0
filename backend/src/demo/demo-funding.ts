import type { CommandBus } from '@nestjs/cqrs';
import { SetEnrolmentFunding } from '../contexts/enrolment/testing.js';
import type { Actor } from '../shared-kernel/index.js';

/**
 * How the demo enrolments are funded (issue 26 item 4, docs/adr/0032), as a centre's staff set
 * them from the funders' files: a CPF dossier numbered as Mon Compte Formation shows it, an OPCO
 * covering an employee (the employer with its SIRET), an AIF of France Travail, a learner paying
 * herself, and two enrolments left without their own values: they fall back on the student record
 * (Léa's « CPF-2026-0142 », Inès's « FT-2026-0311 »).
 */
export async function seedDemoFunding(
  commands: CommandBus,
  asAdmin: Actor,
  students: { lea: number; ines: number },
  courses: { templates: number; agile: number; pivotTables: number },
): Promise<void> {
  const funding = [
    // Léa's Word and Excel templates: her own CPF account.
    [students.lea, courses.templates, { funder: 'cpf', dossierNumber: '7841256930', employerName: null, employerSiret: null, entryDate: '2026-09-07', exitDate: '2026-10-30' }],
    // Léa's agile project management: her employer's plan de développement, paid by its OPCO.
    [
      students.lea,
      courses.agile,
      { funder: 'opco', dossierNumber: 'ATLAS-2026-0048213', employerName: 'Transports Mercier et Fils', employerSiret: '51234789600015', entryDate: '2026-10-05', exitDate: '2026-12-18' },
    ],
    // Inès, in retraining: an Aide individuelle à la formation of France Travail.
    [students.ines, courses.templates, { funder: 'france_travail', dossierNumber: 'AIF-2026-0931745', employerName: null, employerSiret: null, entryDate: '2026-09-14', exitDate: '2026-11-27' }],
    // Inès's pivot tables: she pays them herself.
    [students.ines, courses.pivotTables, { funder: 'personnel', dossierNumber: null, employerName: null, employerSiret: null, entryDate: '2026-10-01', exitDate: null }],
  ] as const;
  for (const [student, course, values] of funding) await commands.execute(new SetEnrolmentFunding(asAdmin, student, course, values));
}
