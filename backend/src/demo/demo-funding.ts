import type { CommandBus } from '@nestjs/cqrs';
import { SetEnrolmentContacts, SetEnrolmentFunding } from '../contexts/enrolment/testing.js';
import type { Actor } from '../shared-kernel/index.js';

/**
 * How the demo enrolments are funded (issue 26 item 4, docs/adr/0032), as a centre's staff set
 * them from the funders' files: a CPF dossier numbered as Mon Compte Formation shows it, an OPCO
 * covering an employee (the employer with its SIRET), an AIF of France Travail, a learner paying
 * herself, and two enrolments left without their own values: they fall back on the student record
 * (Léa's « CPF-2026-0142 », Inès's « FT-2026-0311 »). Three enrolments have their employer's and
 * funder's contacts (issue 29 item 4): the satisfaction dispatch sends them their questionnaires.
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
    // Inès, hired by a bakery at the end of her retraining, her AIF signed before: the bakery follows her training.
    [students.ines, courses.templates, { funder: 'france_travail', dossierNumber: 'AIF-2026-0931745', employerName: 'Boulangerie Martin SARL', employerSiret: null, entryDate: '2026-09-14', exitDate: '2026-11-27' }],
    // Inès's pivot tables: she pays them herself.
    [students.ines, courses.pivotTables, { funder: 'personnel', dossierNumber: null, employerName: null, employerSiret: null, entryDate: '2026-10-01', exitDate: null }],
  ] as const;
  for (const [student, course, values] of funding) await commands.execute(new SetEnrolmentFunding(asAdmin, student, course, values));

  const none = { employerContactName: null, employerEmail: null, employerPhone: null, funderName: null, funderEmail: null };
  const contacts = [
    [students.lea, courses.templates, { ...none, funderName: 'Caisse des Dépôts — Mon Compte Formation', funderEmail: 'qualite.organismes@caissedesdepots.fr' }],
    [
      students.lea,
      courses.agile,
      { employerContactName: 'Sophie Mercier', employerEmail: 'rh@transports-mercier.fr', employerPhone: '02 41 87 56 30', funderName: 'OPCO EP', funderEmail: 'conseil.paysdelaloire@opcoep.fr' },
    ],
    [
      students.ines,
      courses.templates,
      { employerContactName: 'Julien Martin', employerEmail: 'contact@boulangerie-martin.fr', employerPhone: '01 43 57 22 18', funderName: 'France Travail Île-de-France', funderEmail: 'formation.idf@francetravail.fr' },
    ],
  ] as const;
  for (const [student, course, values] of contacts) await commands.execute(new SetEnrolmentContacts(asAdmin, student, course, values));
}
